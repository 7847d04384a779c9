// The file formats Translate File handles, by file extension.
import type { FileFormat } from './format';
import { jsonFormat } from './json';
import { markdownFormat } from './markdown';
import { poFormat } from './po';
import { srtFormat, vttFormat } from './subtitles';
import { xliffFormat } from './xliff';
import { yamlFormat } from './yaml';

export { FileFormatError, type FileFormat } from './format';

const BY_EXTENSION: Record<string, FileFormat> = {
  json: jsonFormat,
  md: markdownFormat,
  markdown: markdownFormat,
  mdx: markdownFormat,
  srt: srtFormat,
  vtt: vttFormat,
  po: poFormat,
  pot: poFormat,
  xlf: xliffFormat,
  xliff: xliffFormat,
  yml: yamlFormat,
  yaml: yamlFormat,
};

export function formatFor(fileName: string): FileFormat | undefined {
  const extension = /\.([^./]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension ? BY_EXTENSION[extension] : undefined;
}
