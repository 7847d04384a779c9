import { extname, resolve } from 'node:path';
import {
  cleanSpeechStore,
  isSpeechLanguage,
  sayAs,
  serviceFacts,
  splitSentences,
  SpeechMemory,
  toWebVtt,
  type SpeechProgress,
  type SpeechRequest,
  type SpeechTimings,
} from '@circassian/core';
import type { Args, Command, CommandContext } from '../command.js';
import { UsageError } from '../cli-error.js';
import { writeWhole } from '../files.js';
import { GLOSSARY_OPTIONS, commandGlossary } from '../glossary-file.js';
import { readInputFile, readTextInput, withoutBom } from '../io.js';
import { createProgressReporter, describeProgress } from '../progress.js';
import { SPEECH_CACHE_OPTIONS, speechCache } from '../speech-cache.js';

const { defaults, limits } = serviceFacts;

/** What a run made: the audio, its length, and for a voiced text its timings and what the speech memory gave. */
interface Spoken {
  readonly audio: Uint8Array;
  readonly contentType: string;
  readonly durationSeconds: number;
  readonly jobId?: string;
  readonly timings?: SpeechTimings;
  readonly memory?: Record<string, unknown>;
}

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

async function speechRequest(args: Args, context: CommandContext): Promise<{ request: SpeechRequest; typed: string }> {
  const language = speechLanguage(args);
  const speed = args.number('speed');
  const voice = args.string('voice');
  const instruct = args.string('instruct');
  const refAudio = args.string('ref-audio');
  const typed = await speechText(args, context);
  // Say-as: the respellings reach the speech request only; the text shown anywhere (timings, WebVTT) stays as typed.
  const glossary = (await commandGlossary(args, context.io))?.glossary;
  const text = glossary ? sayAs(glossary, language ?? defaults.speechLanguage, typed) : typed;
  return {
    request: {
      text,
      ...(language !== undefined ? { language } : {}),
      ...(voice !== undefined ? { voice } : {}),
      ...(speed !== undefined ? { speed } : {}),
      ...(instruct !== undefined ? { instruct } : {}),
      ...(refAudio !== undefined ? { ref_audio_url: refAudio } : {}),
    },
    typed,
  };
}

/** `--job ID`: the audio of a job submitted earlier (one part of a text, as the service made it). */
async function resumeJob(jobId: string, context: CommandContext, onProgress: (p: SpeechProgress) => void): Promise<Spoken> {
  const { args, signal } = context;
  if (args.positionals.length > 0 || args.string('file') !== undefined)
    throw new UsageError('--job downloads an existing job: give no text with it');
  if (args.string('timings') !== undefined || args.string('vtt') !== undefined) {
    throw new UsageError(
      '--timings and --vtt need the text: a job id alone does not say which sentences it holds',
      'run the command with the text',
    );
  }
  context.jobId = jobId;
  return (await context.client()).resumeSpeech(jobId, { signal, onProgress });
}

/** The text voiced sentence by sentence through the speech memory: only what it does not hold is asked for. */
async function voiceText(context: CommandContext, onProgress: (p: SpeechProgress) => void): Promise<Spoken> {
  const { args, io, out, signal } = context;
  const { request, typed } = await speechRequest(args, context);
  const { store, folder } = speechCache(args, io);
  const memory = new SpeechMemory(store);
  const client = await context.client();
  let stored = 0;
  let jobId: string | undefined;
  const voiced = await memory.speak(client, request, {
    signal,
    onProgress: (update) => {
      // A job can be resumed by id only when it is the whole text; otherwise the memory is the way back.
      if (update.jobId !== undefined && update.parts === 1) context.jobId = jobId = update.jobId;
      onProgress(update);
    },
    onPart: (event) => {
      if (event.fromStore || folder === undefined || event.parts === 1) return;
      stored += 1;
      context.hint = `${stored} of ${event.parts} sentences are in the speech memory: the same command again asks only for the rest`;
    },
  });
  const { stats } = voiced;
  if (stats.fromStore.parts > 0) {
    out.notice(
      `${stats.fromStore.parts} of ${stats.parts} sentences from the speech memory (${stats.fromStore.seconds.toFixed(1)} s of audio not asked for)`,
    );
  }
  if (folder !== undefined && stats.voiced.parts > 0) {
    // Its limits, once the run has added to it; a failure to clean is said, never the run's failure.
    await cleanSpeechStore(store).catch((error: unknown) =>
      out.notice(`the speech memory in ${folder} could not be cleaned: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
  return {
    audio: voiced.audio,
    contentType: voiced.contentType,
    durationSeconds: voiced.durationSeconds,
    ...(jobId !== undefined ? { jobId } : {}),
    timings: shownAsTyped(voiced.timings, request.text, typed),
    memory: {
      folder: folder ?? null,
      sentences: stats.sentences,
      parts: stats.parts,
      voiced: stats.voiced,
      from_memory: stats.fromStore,
    },
  };
}

/** Timings whose sentences read as the user typed them, not as a glossary respelled them for the voice. */
function shownAsTyped(timings: SpeechTimings, sent: string, typed: string): SpeechTimings {
  if (sent === typed) return timings;
  const shown = splitSentences(typed);
  // A respelling never adds or removes a sentence end; if it did, the voiced text is the honest record.
  if (shown.length !== timings.sentences.length) return timings;
  return { ...timings, sentences: timings.sentences.map((sentence, index) => ({ ...sentence, text: shown[index]!.text })) };
}

/** The audio as the output file's name asks: MP3 for `.mp3` (encoded here, no system program), else the WAV. */
async function audioFor(target: string | undefined, spoken: Spoken): Promise<{ audio: Uint8Array; contentType: string }> {
  if (target === undefined || extname(target).toLowerCase() !== '.mp3') return { audio: spoken.audio, contentType: spoken.contentType };
  const { encodeMp3 } = await import('@circassian/core/mp3');
  return { audio: await encodeMp3(spoken.audio), contentType: 'audio/mpeg' };
}

export const speak: Command = {
  name: 'speak',
  summary:
    'synthesise speech into a WAV or MP3 file, sentence by sentence through the speech memory (text from the arguments, --file, or stdin)',
  usage:
    '[text] -o out.wav|out.mp3 [--timings FILE.json] [--vtt FILE.vtt] [--language L] [--voice V] [--speed N] [--instruct S] [--glossary FILE | --no-glossary]',
  description: [
    'Each sentence is voiced once and kept in the speech memory: the same text again asks for nothing, and an edit asks',
    'only for the sentences whose text changed. `-o x.mp3` writes mono 64 kbit/s MP3 (no lame or ffmpeg needed).',
    `A sentence up to ${limits.speechSyncMaxChars} characters comes back at once; a longer one runs as a job on the service, with its`,
    'progress on stderr. If a one-sentence job is interrupted, `--job ID` picks it up again; for a longer text, run the',
    'same command again: the sentences already voiced come from the speech memory.',
  ],
  options: {
    output: {
      type: 'string',
      short: 'o',
      value: 'FILE',
      description: 'where to write the audio: WAV, or MP3 when FILE ends in .mp3 (`-` for a WAV on stdout)',
    },
    file: { type: 'string', short: 'f', value: 'FILE', description: 'read the text from a file' },
    timings: { type: 'string', value: 'FILE', description: 'also write where each sentence starts and ends in the audio, as JSON' },
    vtt: { type: 'string', value: 'FILE', description: 'also write the transcript as WebVTT, one cue per sentence' },
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
    ...SPEECH_CACHE_OPTIONS,
    job: { type: 'string', value: 'ID', description: 'wait for an existing speech job and download its audio instead of sending text' },
    ...GLOSSARY_OPTIONS,
  },
  examples: [
    'circassian speak "Уи пщэддджыжь фӀыуэ" -o hello.wav',
    'circassian speak --file story.txt -o story.mp3 --timings story.json --vtt story.vtt --voice female',
    'circassian speak --file story.txt -o story.wav --no-cache',
    'circassian speak --job 3f2a... -o story.wav',
    'circassian speak "Коков пришёл" --language ru -o news.wav --glossary names.csv',
  ],
  usesService: true,
  async run(context) {
    const { args, out, io } = context;
    const output = args.string('output');
    if (output === undefined)
      throw new UsageError('missing -o FILE', 'name the file to write, e.g. -o out.wav or -o out.mp3 (or -o - for a WAV on stdout)');
    if (output === '-' && io.stdout.isTTY)
      throw new UsageError('stdout is a terminal: audio would print as garbage', 'pipe it (-o - | aplay) or write a file with -o out.wav');
    const progress = createProgressReporter(io.stderr, { json: out.json });
    const report = (update: SpeechProgress) => {
      // In a log, only a job's steps are worth lines; an immediate answer needs none.
      if (update.jobId !== undefined || io.stderr.isTTY || out.json) progress.update(describeProgress(update), update);
    };
    let spoken: Spoken;
    try {
      const resumed = args.string('job');
      spoken = resumed !== undefined ? await resumeJob(resumed, context, report) : await voiceText(context, report);
    } finally {
      progress.stop();
    }
    const target = output === '-' ? undefined : resolve(io.cwd, output);
    const { audio, contentType } = await audioFor(target, spoken);
    if (target === undefined) io.stdout.write(audio);
    else await writeWhole(target, output, audio);
    const timingsFile = args.string('timings');
    const vttFile = args.string('vtt');
    if (spoken.timings !== undefined && timingsFile !== undefined)
      await writeWhole(resolve(io.cwd, timingsFile), timingsFile, `${JSON.stringify(spoken.timings, null, 2)}\n`);
    if (spoken.timings !== undefined && vttFile !== undefined)
      await writeWhole(resolve(io.cwd, vttFile), vttFile, toWebVtt(spoken.timings));
    const summary = {
      file: output,
      bytes: audio.byteLength,
      content_type: contentType,
      duration_seconds: spoken.durationSeconds,
      ...(spoken.jobId !== undefined ? { job_id: spoken.jobId } : {}),
      ...(timingsFile !== undefined ? { timings_file: timingsFile } : {}),
      ...(vttFile !== undefined ? { vtt_file: vttFile } : {}),
      ...(spoken.memory !== undefined ? { speech_memory: spoken.memory } : {}),
    };
    if (target === undefined) {
      // stdout holds the audio: the summary goes to stderr.
      out.notice(`wrote ${summary.bytes} bytes of audio to stdout`);
      return;
    }
    out.result(summary, () => [
      `wrote ${output} (${spoken.durationSeconds.toFixed(1)} s, ${summary.bytes} bytes)`,
      ...(timingsFile !== undefined ? [`wrote ${timingsFile} (timings of ${spoken.timings?.sentences.length ?? 0} sentences)`] : []),
      ...(vttFile !== undefined ? [`wrote ${vttFile} (WebVTT, ${spoken.timings?.sentences.length ?? 0} cues)`] : []),
    ]);
  },
};
