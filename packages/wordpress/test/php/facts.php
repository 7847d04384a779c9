<?php
/**
 * Prints, as JSON, the service's facts the plugin's PHP carries as constants, so the test can
 * hold them against shared/service.json. Loads only the classes (no WordPress).
 */
define( 'ABSPATH', __DIR__ . '/' );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'HOUR_IN_SECONDS', 3600 );
define( 'DAY_IN_SECONDS', 86400 );
$circassian_includes = dirname( __DIR__, 2 ) . '/includes/';
foreach ( array( 'Settings', 'Service_Error', 'Speech_Jobs', 'Translator', 'REST/Speech_Controller', 'Memory/Tmx_Reader' ) as $circassian_class ) {
	require $circassian_includes . $circassian_class . '.php';
}
echo json_encode(
	array(
		'speechSyncMaxChars'     => Circassian\Speech_Jobs::SYNC_MAX_CHARS,
		'textMaxChars'           => Circassian\Speech_Jobs::REQUEST_MAX_CHARS,
		'jobPollIntervalSeconds' => Circassian\Speech_Jobs::POLL_SECONDS,
		'batchMaxTexts'          => Circassian\Translator::BATCH_MAX_TEXTS,
		'batchMaxChars'          => Circassian\Translator::BATCH_MAX_CHARS,
		'instructMaxChars'       => Circassian\REST\Speech_Controller::MAX_INSTRUCT_CHARS,
		'defaults'               => array(
			'speechLanguage' => Circassian\Settings::DEFAULT_LANGUAGE,
			'voice'          => Circassian\Settings::DEFAULT_VOICE,
			'speed'          => Circassian\Settings::DEFAULT_SPEED,
		),
		'serviceTypes'           => Circassian\Service_Error::SERVICE_TYPES,
		'types'                  => Circassian\Service_Error::TYPES,
		'translationLanguages'   => Circassian\Memory\Tmx_Reader::LANGUAGES,
	)
) . "\n";
