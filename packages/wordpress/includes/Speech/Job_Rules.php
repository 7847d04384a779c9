<?php
/**
 * What every part of the speech jobs reads, and what the plugin's other parts know of them: how
 * long a job may keep failing, run or wait to be collected, and the hooks the jobs are moved on
 * by and announce their end with (the service's own limits, what one request and one synchronous
 * call may voice and how often a job may be polled, are Service\Service_Facts'). A leaf: the
 * jobs' classes (Speech_Jobs, Job_Store, Job_Steps) and post audio read it, and it reads none of
 * them.
 *
 * @package Circassian
 */

namespace Circassian\Speech;

defined( 'ABSPATH' ) || exit;

final class Job_Rules {

	/** How long the service may keep failing before a job gives up. */
	public const GIVE_UP_SECONDS = 10 * MINUTE_IN_SECONDS;
	/** No job runs longer: the service's audio links live an hour. */
	public const MAX_AGE_SECONDS = 2 * HOUR_IN_SECONDS;
	/** How long an ended job's record waits for the editor's poll. */
	public const KEEP_ENDED_SECONDS = DAY_IN_SECONDS;
	/**
	 * How long an ended job's record answers again after an editor collected it: the editor that
	 * collected it may be reloaded before the post is saved, and asks again with the block's job id.
	 */
	public const KEEP_COLLECTED_SECONDS = HOUR_IN_SECONDS;
	/** The WP-Cron hook that moves a job on while no editor polls it. */
	public const CRON_HOOK = 'circassian_advance_speech_job';
	/** The daily WP-Cron hook that removes ended and abandoned job records. */
	public const CLEAN_HOOK = 'circassian_clean_speech_jobs';
	/** Fired with ($attachment, $post_id, $block) when a job's audio is in the Media Library. */
	public const DONE_ACTION = 'circassian_speech_done';
	/** Fired with ($error, $post_id, $block) when a job ends without audio. */
	public const FAILED_ACTION = 'circassian_speech_failed';
	/**
	 * The "block" a job of a post's own audio records (Post_Audio\Voicing starts them, and owns
	 * their attachments under it): no editor block waits for such a job, so no editor offers it again.
	 */
	public const POST_AUDIO_BLOCK = 'post-audio';
}
