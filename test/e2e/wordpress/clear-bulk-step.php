<?php
/**
 * Takes a bulk run's next step off WP-Cron's schedule, as WP-Cron's lost-update race between two
 * requests does, and prints how many steps were scheduled. Run with the PHP CLI from the site's
 * WordPress folder: php clear-bulk-step.php URL.
 */
require __DIR__ . '/load-site.php';

echo (int) wp_clear_scheduled_hook( 'circassian_bulk_audio_step' ), "\n";
