<?php
/**
 * Takes a bulk run's next step off WP-Cron's schedule, as WP-Cron's lost-update race between two
 * requests does, and prints how many steps were scheduled. Run with the PHP CLI from the site's
 * WordPress folder: php clear-bulk-step.php URL.
 */
$circassian_url         = (string) ( $argv[1] ?? '' );
$_SERVER['HTTP_HOST']   = parse_url( $circassian_url, PHP_URL_HOST ) . ':' . parse_url( $circassian_url, PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
define( 'WP_USE_THEMES', false );
require getcwd() . '/wp-load.php';

echo (int) wp_clear_scheduled_hook( 'circassian_bulk_audio_step' ), "\n";
