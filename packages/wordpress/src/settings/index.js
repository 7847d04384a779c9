/**
 * Settings > Circassian: "Test connection" tests the key and address as typed through the REST
 * route, without a reload, so every field keeps what was typed. Without script the same button
 * tests them through the form.
 */
import { __ } from '@wordpress/i18n';
import apiFetch from '@wordpress/api-fetch';

/** A field's typed value; a locked one (from the server) is not sent. */
function typed( id ) {
	const field = document.getElementById( id );
	return field && ! field.disabled && ! field.readOnly ? field.value.trim() : '';
}

/** Shows the result as the page's notice: one paragraph per message. */
function show( box, status, messages ) {
	box.className = `notice notice-${ status }`;
	box.textContent = '';
	for ( const message of messages.filter( Boolean ) ) {
		const paragraph = document.createElement( 'p' );
		paragraph.textContent = message;
		box.appendChild( paragraph );
	}
}

function setUp() {
	const button = document.getElementById( 'circassian-test' );
	const box = document.getElementById( 'circassian-settings-result' );
	// Said beside the button while the test runs: the result box stays for the result.
	const status = document.getElementById( 'circassian-test-status' );
	if ( ! button || ! box || ! status ) {
		return;
	}
	button.addEventListener( 'click', async ( event ) => {
		event.preventDefault();
		button.disabled = true;
		button.setAttribute( 'aria-busy', 'true' );
		status.textContent = __( 'Testing the connection…', 'circassian' );
		try {
			const data = {};
			if ( typed( 'circassian-api-key' ) ) {
				data.api_key = typed( 'circassian-api-key' );
			}
			if ( typed( 'circassian-base-url' ) ) {
				data.base_url = typed( 'circassian-base-url' );
			}
			const result = await apiFetch( { path: '/circassian/v1/settings/test', method: 'POST', data } ).catch( ( error ) => {
				// The saved key would go to the address typed: sent only once the administrator says so.
				if ( error?.code !== 'circassian_confirm_address' || ! window.confirm( error.message ) ) {
					throw error;
				}
				return apiFetch( {
					path: '/circassian/v1/settings/test',
					method: 'POST',
					data: { ...data, confirm_address: error.data?.address },
				} );
			} );
			show( box, 'success', [ result.message, result.usage_message ] );
		} catch ( error ) {
			show( box, 'error', [ error?.message || __( 'The test could not be run. Reload the page and try again.', 'circassian' ) ] );
		} finally {
			button.disabled = false;
			button.removeAttribute( 'aria-busy' );
			status.textContent = '';
		}
	} );
}

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', setUp );
} else {
	setUp();
}
