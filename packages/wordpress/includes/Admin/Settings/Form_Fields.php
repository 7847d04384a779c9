<?php
/**
 * Form fields the settings sections share: a select of the service's listing.
 *
 * @package Circassian
 */

namespace Circassian\Admin\Settings;

use Circassian\REST;
use Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Form_Fields {

	/**
	 * Items of a service listing as id => title, with the current value kept when the list lacks it.
	 *
	 * @return array<string, string>
	 */
	public static function choices( string $field, string $current ): array {
		$listing = REST\Catalog_Controller::listing( '/v1/voices' );
		$choices = array();
		foreach ( is_array( $listing ) && isset( $listing[ $field ] ) && is_array( $listing[ $field ] ) ? $listing[ $field ] : array() as $item ) {
			if ( is_array( $item ) && isset( $item['id'] ) && is_string( $item['id'] ) ) {
				$choices[ $item['id'] ] = Support\I18n::known_name( $item['id'] ) ?? (string) ( $item['title'] ?? $item['id'] );
			}
		}
		if ( ! isset( $choices[ $current ] ) ) {
			$choices = array( $current => Support\I18n::known_name( $current ) ?? $current ) + $choices;
		}
		return $choices;
	}

	/**
	 * @param array<string, string> $choices value => label.
	 */
	public static function select( string $id, string $name, array $choices, string $current ): void {
		printf( '<select id="%s" name="%s">', esc_attr( $id ), esc_attr( $name ) );
		foreach ( $choices as $value => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $value ), selected( (string) $value, $current, false ), esc_html( $label ) );
		}
		echo '</select>';
	}
}
