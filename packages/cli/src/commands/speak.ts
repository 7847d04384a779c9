import { rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isSpeechLanguage, sayAs, serviceFacts, type CircassianClient, type SpeechProgress, type SpeechResult } from '@circassian/core';
import type { Args, Command, CommandContext } from '../command.js';
import { UsageError } from '../cli-error.js';
import { GLOSSARY_OPTIONS, commandGlossary } from '../glossary-file.js';
import { readInputFile, readTextInput, withoutBom } from '../io.js';
import { createProgressReporter, describeProgress } from '../progress.js';

const { defaults, limits } = serviceFacts;

async function speechText(args: Args, context: CommandContext): Promise<string> {
  const file = args.string('file');
  if (file === undefined) return readTextInput(args.positionals, context.io);
  if (args.positionals.length > 0) throw new UsageError('give the text either as arguments or with --file, not both');
  const text = withoutBom((await readInputFile(context.io, file)).text);
  if (text.trim() === '') throw new UsageError(`${file} is empty`);
  return text;
}

function speechLanguage(args: Args) {
  const language = args.string('language');
  if (language === undefined || isSpeechLanguage(language)) return language;
  throw new UsageError(`--language ${language} is not a speech language`, 'see `circassian voices` for the speech languages');
}

async function synthesize(
  client: CircassianClient,
  context: CommandContext,
  onProgress: (p: SpeechProgress) => void,
): Promise<SpeechResult> {
  const { args, signal } = context;
  const resumed = args.string('job');
  if (resumed !== undefined) {
    if (args.positionals.length > 0 || args.string('file') !== undefined) {
      throw new UsageError('--job downloads an existing job: give no text with it');
    }
    context.jobId = resumed;
    return client.resumeSpeech(resumed, { signal, onProgress });
  }
  const language = speechLanguage(args);
  const speed = args.number('speed');
  const voice = args.string('voice');
  const instruct = args.string('instruct');
  const refAudio = args.string('ref-audio');
  const typed = await speechText(args, context);
  // Say-as: the respellings reach the speech request only; the text shown anywhere stays as typed.
  const glossary = (await commandGlossary(args, context.io))?.glossary;
  const text = glossary ? sayAs(glossary, language ?? defaults.speechLanguage, typed) : typed;
  return client.speech(
    {
      text,
      ...(language !== undefined ? { language } : {}),
      ...(voice !== undefined ? { voice } : {}),
      ...(speed !== undefined ? { speed } : {}),
      ...(instruct !== undefined ? { instruct } : {}),
      ...(refAudio !== undefined ? { ref_audio_url: refAudio } : {}),
    },
    { signal, onProgress },
  );
}

/** Writes next to the target first, so an interrupted run never leaves a truncated WAV under the real name. */
async function writeAudio(path: string, audio: Uint8Array): Promise<void> {
  const partial = `${path}.part`;
  await writeFile(partial, audio);
  await rename(partial, path);
}

export const speak: Command = {
  name: 'speak',
  summary: 'synthesise speech into a WAV file (text from the arguments, --file, or stdin)',
  usage: '[text] -o out.wav [--language L] [--voice V] [--speed N] [--instruct S] [--glossary FILE | --no-glossary]',
  description: [
    `Text up to ${limits.speechSyncMaxChars} characters comes back at once; longer text runs as a job on the service,`,
    "with its progress on stderr. If a job is interrupted, `--job ID` picks it up again. A glossary's say entries",
    'for the speech language respell their words in what is sent (say-as); nothing else of the glossary applies.',
  ],
  options: {
    output: { type: 'string', short: 'o', value: 'FILE', description: 'where to write the audio (`-` for stdout)' },
    file: { type: 'string', short: 'f', value: 'FILE', description: 'read the text from a file' },
    language: {
      type: 'string',
      value: 'L',
      description: `speech language (default: ${defaults.speechLanguage}; see \`circassian voices\`)`,
    },
    voice: { type: 'string', value: 'V', description: `voice (default: ${defaults.voice}; see \`circassian voices\`)` },
    speed: {
      type: 'string',
      value: 'N',
      description: `speech rate, above ${limits.speedExclusiveMin} up to ${limits.speedMax} (default: ${defaults.speed})`,
    },
    instruct: {
      type: 'string',
      value: 'S',
      description: `voice description in English, at most ${limits.instructMaxChars} characters; replaces the voice`,
    },
    'ref-audio': { type: 'string', value: 'URL', description: 'link to a voice sample whose timbre is reproduced (never stored)' },
    job: { type: 'string', value: 'ID', description: 'wait for an existing speech job and download its audio instead of sending text' },
    ...GLOSSARY_OPTIONS,
  },
  examples: [
    'circassian speak "Уи пщэддджыжь фӀыуэ" -o hello.wav',
    'circassian speak --file story.txt -o story.wav --voice female --speed 1.1',
    'circassian speak --job 3f2a... -o story.wav',
    'circassian speak "Коков пришёл" --language ru -o news.wav --glossary names.csv',
  ],
  usesService: true,
  async run(context) {
    const { args, out, io } = context;
    const output = args.string('output');
    if (output === undefined) throw new UsageError('missing -o FILE', 'name the WAV file to write, e.g. -o out.wav (or -o - for stdout)');
    if (output === '-' && io.stdout.isTTY)
      throw new UsageError('stdout is a terminal: audio would print as garbage', 'pipe it (-o - | aplay) or write a file with -o out.wav');
    const client = await context.client();
    const progress = createProgressReporter(io.stderr, { json: out.json });
    let result: SpeechResult;
    try {
      result = await synthesize(client, context, (update) => {
        if (update.jobId !== undefined) context.jobId = update.jobId;
        // In a log, only a job's steps are worth lines; an immediate answer needs none.
        if (update.jobId !== undefined || io.stderr.isTTY || out.json) progress.update(describeProgress(update), update);
      });
    } finally {
      progress.stop();
    }
    const target = output === '-' ? undefined : resolve(io.cwd, output);
    if (target === undefined) io.stdout.write(result.audio);
    else await writeAudio(target, result.audio);
    const summary = {
      file: output,
      bytes: result.audio.byteLength,
      content_type: result.contentType,
      duration_seconds: result.durationSeconds,
      ...(result.jobId !== undefined ? { job_id: result.jobId } : {}),
    };
    if (target === undefined) {
      // stdout holds the audio: the summary goes to stderr.
      out.notice(`wrote ${summary.bytes} bytes of audio to stdout`);
      return;
    }
    out.result(summary, () => [`wrote ${output} (${result.durationSeconds.toFixed(1)} s, ${summary.bytes} bytes)`]);
  },
};
