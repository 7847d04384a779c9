<?php
/**
 * Prints, as JSON, the service's facts the plugin's PHP carries as constants, so the test can
 * hold them against shared/service.json. Loads only the classes (no WordPress).
 */
use Circassian\Memory;
use Circassian\REST;
use Circassian\Service;
use Circassian\Speech;
use Circassian\Translation;

define( 'ABSPATH', __DIR__ . '/' );
define( 'MINUTE_IN_SECONDS', 60 );
define( 'HOUR_IN_SECONDS', 3600 );
define( 'DAY_IN_SECONDS', 86400 );
$circassian_includes = dirname( __DIR__, 2 ) . '/includes/';
foreach ( array( 'Service/Settings', 'Service/Service_Error', 'Service/Error_Policy', 'Speech/Job_Rules', 'Translation/Translator', 'REST/Speech_Controller', 'Memory/Tmx_Reader' ) as $circassian_class ) {
	require $circassian_includes . $circassian_class . '.php';
}
echo json_encode(
	array(
		'speechSyncMaxChars'     => Speech\Job_Rules::SYNC_MAX_CHARS,
		'textMaxChars'           => Speech\Job_Rules::REQUEST_MAX_CHARS,
		'jobPollIntervalSeconds' => Speech\Job_Rules::POLL_SECONDS,
		'batchMaxTexts'          => Translation\Translator::BATCH_MAX_TEXTS,
		'batchMaxChars'          => Translation\Translator::BATCH_MAX_CHARS,
		'instructMaxChars'       => REST\Speech_Controller::MAX_INSTRUCT_CHARS,
		'defaults'               => array(
			'speechLanguage' => Service\Settings::DEFAULT_LANGUAGE,
			'voice'          => Service\Settings::DEFAULT_VOICE,
			'speed'          => Service\Settings::DEFAULT_SPEED,
		),
		'serviceTypes'           => Service\Service_Error::SERVICE_TYPES,
		'types'                  => Service\Service_Error::TYPES,
		'translationLanguages'   => Memory\Tmx_Reader::LANGUAGES,
		'retry'                  => Service\Error_Policy::SERVICE_RETRY,
	)
) . "\n";
