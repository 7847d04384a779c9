<?php
/**
 * The glossary's shared vectors (shared/vectors/glossary.json) as the plugin's entries.
 */

/**
 * A vector's entry (core's camelCase flags) as the plugin's.
 *
 * @param array<string, mixed> $entry The vector's entry.
 * @return array<string, mixed>
 */
function circassian_test_glossary_entry( array $entry, string $source, string $target ): array {
	return array(
		'source_lang'    => $source,
		'target_lang'    => $target,
		'type'           => $entry['type'],
		'source'         => $entry['source'],
		'target'         => $entry['target'],
		'note'           => $entry['note'] ?? '',
		'stem'           => $entry['stem'] ?? false,
		'case_sensitive' => $entry['caseSensitive'] ?? false,
	);
}

/** An empty glossary, for a test that counts its entries or translates without the others' terms. */
function circassian_test_glossary_clear(): void {
	Circassian\Glossary\Glossary_Store::clear();
}
