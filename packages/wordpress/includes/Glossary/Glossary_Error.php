<?php
/**
 * An entry or a glossary file that cannot be used (core's GlossaryError): the message says why and
 * where; nothing was changed.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Glossary_Error extends \InvalidArgumentException {
}
