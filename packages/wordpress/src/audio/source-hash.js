/**
 * The hash of a block's text and speech settings, to tell when the text changed since its audio
 * was made. The same function runs on the server (Audio_Library::source_hash, PHP's fnv1a32):
 * FNV-1a 32 over the UTF-8 bytes of the fields joined by newlines.
 *
 * @param {{text: string, language: string, voice: string, speed: number, instruct: string}} request
 * @return {string} Eight hex digits.
 */
export function sourceHash( { text, language, voice, speed, instruct } ) {
	const input = [ language, voice, Number( speed ).toFixed( 2 ), instruct, text ].join( '\n' );
	let hash = 0x811c9dc5;
	for ( const byte of new TextEncoder().encode( input ) ) {
		hash ^= byte;
		hash = Math.imul( hash, 0x01000193 ) >>> 0;
	}
	return hash.toString( 16 ).padStart( 8, '0' );
}
