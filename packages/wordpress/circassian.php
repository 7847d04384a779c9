<?php
/**
 * Plugin Name:       Circassian
 * Plugin URI:        https://github.com/circassian/circassian-pack
 * Description:       Listenable Kabardian and Adyghe posts: an audio block voiced by the Circassian speech service, translation of blocks and posts, and palochka fixes in the block editor.
 * Version:           0.1.0
 * Requires at least: 6.8
 * Requires PHP:      8.1
 * Author:            Circassian plugin pack
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       circassian
 * Domain Path:       /languages
 *
 * @package Circassian
 */

namespace Circassian;

defined( 'ABSPATH' ) || exit;

const VERSION     = '0.1.0';
const PLUGIN_FILE = __FILE__;

require_once __DIR__ . '/includes/autoload.php';

// The translation memory's table, on this site or every site of the network.
register_activation_hook( __FILE__, array( Support\Site_Tables::class, 'activate' ) );

Plugin::boot();
