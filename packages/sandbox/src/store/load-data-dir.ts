import { closeSync, fsyncSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyEntry, emptyState, type LoadedState } from './journal-entry.js';
import { lockDataDir } from './data-dir-lock.js';
import { AUDIO_DIR, fileError, journalGeneration, STATE_FILE, TEMPORARY_SUFFIX } from './data-dir-files.js';
import type { StateSnapshot } from './snapshot.js';

export interface LoadedDataDir {
  readonly state: LoadedState;
  /** Generation of `state.json` (0 when there is none yet). */
  readonly snapshotGeneration: number;
  /** The journal new changes are appended to, and its size in bytes. */
  readonly journalGeneration: number;
  readonly journalBytes: number;
  readonly hasSnapshot: boolean;
  /** Lets the directory go (`DIR/sandbox.pid`), for the next sandbox to use. */
  readonly release: () => void;
}

/**
 * Takes a data directory for this sandbox (see `lockDataDir`) and reads it at start: `state.json`,
 * then every journal from its generation on, in order. A missing directory or file is a fresh start; anything else it cannot read or parse stops
 * the start with an error naming the file and the cause, and nothing is written over it. The one
 * tolerated damage is an unterminated last line of the last journal (a crash in the middle of an
 * append, never acknowledged): it is cut off, with a warning. Once the state is read, what no state
 * refers to goes: temporary files, journals older than the snapshot, audio no artifact names.
 */
export function loadDataDir(dir: string, warn: (message: string) => void): LoadedDataDir {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw fileError('Could not create the data directory', dir, error);
  }
  const release = lockDataDir(dir);
  try {
    return { ...readDataDir(dir, warn), release };
  } catch (error) {
    release();
    throw error;
  }
}

function readDataDir(dir: string, warn: (message: string) => void): Omit<LoadedDataDir, 'release'> {
  const names = readNames(dir, 'Could not list the data directory');
  const snapshot = readSnapshot(join(dir, STATE_FILE));
  const snapshotGeneration = snapshot?.generation ?? 0;
  const journals = names
    .map((name) => ({ name, generation: journalGeneration(name) }))
    .filter((file): file is { name: string; generation: number } => file.generation !== undefined)
    .sort((a, b) => a.generation - b.generation);
  const live = journals.filter((file) => file.generation >= snapshotGeneration);
  if (!snapshot && live.some((file) => file.generation > 0)) {
    throw new Error(
      `${join(dir, STATE_FILE)} is missing, but ${join(dir, live.at(-1)?.name ?? '')} continues it: the state cannot be rebuilt without it.`,
    );
  }

  const state = fromSnapshot(snapshot);
  let journalBytes = 0;
  live.forEach((file, index) => {
    journalBytes = replayJournal(join(dir, file.name), state, index === live.length - 1, warn);
  });

  removeLeftovers(dir, names, snapshotGeneration, state, warn);
  return {
    state,
    snapshotGeneration,
    journalGeneration: live.at(-1)?.generation ?? snapshotGeneration,
    journalBytes: live.length === 0 ? 0 : journalBytes,
    hasSnapshot: snapshot !== undefined,
  };
}

function readNames(dir: string, what: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    throw fileError(what, dir, error);
  }
}

/** The file's text, undefined when it does not exist; any other failure names the file. */
function readText(path: string, what: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw fileError(what, path, error);
  }
}

function readSnapshot(path: string): StateSnapshot | undefined {
  const text = readText(path, 'Could not read the state file');
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw fileError('Could not parse the state file', path, error);
  }
  const fields = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (fields['version'] !== 1 && fields['version'] !== 2) {
    throw new Error(`The state file ${path} is not a sandbox state (version ${String(fields['version'])}).`);
  }
  for (const field of ['keys', 'jobs', 'artifacts', 'calls']) {
    if (!Array.isArray(fields[field])) throw new Error(`The state file ${path} has no ${field} list.`);
  }
  if (typeof fields['usage'] !== 'object' || fields['usage'] === null) throw new Error(`The state file ${path} has no usage table.`);
  // Version 1 (a whole-state file, no journal) is generation 0.
  const generation = fields['version'] === 1 ? 0 : fields['generation'];
  if (typeof generation !== 'number' || !Number.isInteger(generation) || generation < 0) {
    throw new Error(`The state file ${path} has no journal generation.`);
  }
  return { ...(fields as unknown as StateSnapshot), version: 2, generation };
}

function fromSnapshot(snapshot: StateSnapshot | undefined): LoadedState {
  const state = emptyState();
  if (!snapshot) return state;
  state.clockOffsetMs = snapshot.clockOffsetMs;
  for (const key of snapshot.keys) state.keys.set(key.prefix, key);
  for (const [prefix, usage] of Object.entries(snapshot.usage)) state.usage.set(prefix, usage);
  for (const job of snapshot.jobs) state.jobs.set(job.job_id, job);
  for (const artifact of snapshot.artifacts) state.artifacts.set(artifact.artifact_id, artifact);
  state.calls.push(...snapshot.calls);
  return state;
}

/** Applies a journal's lines; returns its size once a torn last line (if any) is cut off. */
function replayJournal(path: string, state: LoadedState, isLast: boolean, warn: (message: string) => void): number {
  const text = readText(path, 'Could not read the journal') ?? '';
  const complete = text.lastIndexOf('\n') + 1;
  const lines = text.slice(0, complete).split('\n');
  lines.pop(); // the empty string after the last newline
  lines.forEach((line, index) => {
    try {
      applyEntry(state, JSON.parse(line));
    } catch (error) {
      throw fileError(`Damaged line ${index + 1} in the journal`, path, error);
    }
  });
  if (complete === text.length) return Buffer.byteLength(text);
  if (!isLast) throw new Error(`The journal ${path} ends in an incomplete line, but a later journal follows it: the state is damaged.`);
  warn(
    `${path}: dropped an incomplete last line (${text.length - complete} characters), left by a stop in the middle of a write; it was never acknowledged.`,
  );
  const bytes = Buffer.byteLength(text.slice(0, complete));
  cutTo(path, bytes);
  return bytes;
}

/** Cuts a torn line off, so the next append starts on a line of its own. */
function cutTo(path: string, bytes: number): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r+');
    ftruncateSync(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    throw fileError('Could not cut the incomplete last line off the journal', path, error);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function removeLeftovers(
  dir: string,
  names: readonly string[],
  snapshotGeneration: number,
  state: LoadedState,
  warn: (message: string) => void,
): void {
  const remove = (path: string): void => {
    try {
      rmSync(path, { force: true });
    } catch (error) {
      warn(`Could not delete ${path}: ${String(error)}`);
    }
  };
  for (const name of names) {
    const generation = journalGeneration(name);
    if (name.endsWith(TEMPORARY_SUFFIX) || (generation !== undefined && generation < snapshotGeneration)) remove(join(dir, name));
  }
  const audioDir = join(dir, AUDIO_DIR);
  if (!names.includes(AUDIO_DIR)) return;
  const referenced = new Set([...state.artifacts.keys()].map((id) => `${id}.wav`));
  for (const name of readNames(audioDir, 'Could not list the audio directory')) {
    if (name.endsWith(TEMPORARY_SUFFIX) || (name.endsWith('.wav') && !referenced.has(name))) remove(join(audioDir, name));
  }
}
