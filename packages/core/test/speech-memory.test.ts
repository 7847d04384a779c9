// The speech memory against the real local service: what it asked for is read from the service's call log.
import { useSandbox } from '@circassian/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { InMemorySpeechStore } from '../src/speech/in-memory-speech-store.js';
import { speechKey } from '../src/speech/speech-key.js';
import { SpeechMemory, type SpeechClient } from '../src/speech/speech-memory.js';
import { encodeWav, readWavInfo } from '../src/wav.js';

/** Byte-for-byte equality, fast: vitest's toEqual walks a typed array element by element (seconds for audio). */
const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

const STORY = [
  'Уи пщэддджыжь фӀыуэ. Сэ уэ узолъагъу!',
  'Мэзым дыкӀуащ. Псыхъуэм дыщыӀащ, псы щӀыӀэ дефащ.',
  'Пщыхьэщхьэм унэм дыкъэкӀуэжащ.',
].join('\n');

describe('SpeechMemory against the local service', () => {
  const service = useSandbox({ limits: { requests_per_minute: 10_000, speech_seconds_per_day: 1_000_000 } });

  /** The texts of the speech requests made since there were `before`, in the order they were made. */
  async function spokenSince(before: number): Promise<string[]> {
    return (await service.calls('speech')).slice(before).map((call) => (call.content?.request as { text: string }).text);
  }
  const speechCalls = async () => (await service.calls('speech')).length;

  it('voices each sentence once; the same text again makes no request and gives the same audio and timings', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    const client = service.client();
    const before = await speechCalls();
    const first = await memory.speak(client, { text: STORY, voice: 'female' });
    expect(await spokenSince(before)).toEqual([
      'Уи пщэддджыжь фӀыуэ.',
      'Сэ уэ узолъагъу!',
      'Мэзым дыкӀуащ.',
      'Псыхъуэм дыщыӀащ, псы щӀыӀэ дефащ.',
      'Пщыхьэщхьэм унэм дыкъэкӀуэжащ.',
    ]);
    expect(first.stats.voiced.parts).toBe(5);
    expect(first.stats.fromStore.parts).toBe(0);
    const again = await memory.speak(client, { text: STORY, voice: 'female' });
    expect(await speechCalls()).toBe(before + 5);
    expect(sameBytes(again.audio, first.audio)).toBe(true);
    expect(again.timings).toEqual(first.timings);
    expect(again.stats.voiced).toEqual({ parts: 0, characters: 0, seconds: 0 });
    expect(again.stats.fromStore.parts).toBe(5);
  });

  it('re-voices only the sentence whose text changed, and the timings after it move by the difference', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    const client = service.client();
    const first = await memory.speak(client, { text: STORY });
    const edited = STORY.replace('Мэзым дыкӀуащ.', 'Мэзым дыкӀуащ жэщым.');
    const before = await speechCalls();
    const second = await memory.speak(client, { text: edited });
    expect(await spokenSince(before)).toEqual(['Мэзым дыкӀуащ жэщым.']);
    const shift = second.timings.sentences[2]!.end - first.timings.sentences[2]!.end;
    expect(shift).toBeGreaterThan(0);
    expect(second.timings.sentences.slice(0, 2)).toEqual(first.timings.sentences.slice(0, 2));
    second.timings.sentences.slice(3).forEach((sentence, i) => {
      const old = first.timings.sentences[3 + i]!;
      expect(sentence.start - old.start).toBeCloseTo(shift, 2);
      expect(sentence.text).toBe(old.text);
    });
    expect(second.durationSeconds - first.durationSeconds).toBeCloseTo(shift, 2);
  });

  it('an added paragraph costs its sentences, a reordering nothing, and a sentence another text had nothing', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    const client = service.client();
    await memory.speak(client, { text: STORY });
    let before = await speechCalls();
    await memory.speak(client, { text: `${STORY}\nЖэщ хъуащ. Дыжеящ.` });
    expect(await spokenSince(before)).toEqual(['Жэщ хъуащ.', 'Дыжеящ.']);
    before = await speechCalls();
    const reordered = await memory.speak(client, { text: STORY.split('\n').reverse().join('\n') });
    expect(await spokenSince(before)).toEqual([]);
    expect(reordered.timings.sentences[0]?.text).toBe('Пщыхьэщхьэм унэм дыкъэкӀуэжащ.');
    const other = await memory.speak(client, { text: 'Дыжеящ. Нобэ мэлыжьыхь пщыкӀузым.' });
    expect(await spokenSince(before)).toEqual(['Нобэ мэлыжьыхь пщыкӀузым.']);
    expect(other.stats.fromStore).toMatchObject({ parts: 1, characters: 'Дыжеящ.'.length });
  });

  it('asks once for a sentence the text repeats, and matches palochka look-alikes as the service does', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    const before = await speechCalls();
    const voiced = await memory.speak(service.client(), { text: 'Сэ кӀуэ. Уэ укӀуэ. Сэ кӀуэ. Сэ кIуэ.' });
    expect(await spokenSince(before)).toEqual(['Сэ кӀуэ.', 'Уэ укӀуэ.']);
    expect(voiced.stats).toMatchObject({ sentences: 4, parts: 4, voiced: { parts: 2 }, fromStore: { parts: 2 } });
    expect(voiced.timings.sentences.map((sentence) => sentence.text)).toEqual(['Сэ кӀуэ.', 'Уэ укӀуэ.', 'Сэ кӀуэ.', 'Сэ кIуэ.']);
  });

  it('keys by voice, speed and language: another voice of the same text is voiced anew', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    const client = service.client();
    await memory.speak(client, { text: 'Сэ кӀуэ.' });
    const before = await speechCalls();
    await memory.speak(client, { text: 'Сэ кӀуэ.', voice: 'male', speed: 0.85, language: 'kbd' }); // the defaults: stored
    await memory.speak(client, { text: 'Сэ кӀуэ.', speed: 1.2 });
    await memory.speak(client, { text: 'Сэ кӀуэ.', language: 'ady' });
    expect(await spokenSince(before)).toEqual(['Сэ кӀуэ.', 'Сэ кӀуэ.']);
  });

  it('places each sentence in the joined audio where its samples are, to the millisecond', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    const client = service.client();
    const voiced = await memory.speak(client, { text: STORY });
    const joined = readWavInfo(voiced.audio);
    let at = 0;
    for (const sentence of voiced.timings.sentences) {
      // The service voices a text the same way every time: the sentence alone is the part that was joined.
      const alone = (await client.speech({ text: sentence.text })).audio;
      const info = readWavInfo(alone);
      const samples = alone.subarray(info.dataOffset, info.dataOffset + info.dataLength);
      const offset = joined.dataOffset + at * joined.blockAlign;
      expect(sameBytes(voiced.audio.subarray(offset, offset + samples.length), samples)).toBe(true);
      expect(Math.abs(sentence.start - at / joined.sampleRate)).toBeLessThanOrEqual(0.0005);
      at += info.dataLength / info.blockAlign;
      expect(Math.abs(sentence.end - at / joined.sampleRate)).toBeLessThanOrEqual(0.0005);
    }
    expect(at).toBe(joined.dataLength / joined.blockAlign);
    expect(voiced.timings.duration).toBeCloseTo(voiced.durationSeconds, 3);
  });

  it('keeps what was voiced before a failure: the next run asks only for the rest', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    const real = service.client();
    let calls = 0;
    const failing: SpeechClient = {
      speech: (request, options) => (++calls === 3 ? Promise.reject(new Error('connection lost')) : real.speech(request, options)),
    };
    await expect(memory.speak(failing, { text: STORY })).rejects.toThrow('connection lost');
    const before = await speechCalls();
    await memory.speak(real, { text: STORY });
    expect(await spokenSince(before)).toEqual(['Мэзым дыкӀуащ.', 'Псыхъуэм дыщыӀащ, псы щӀыӀэ дефащ.', 'Пщыхьэщхьэм унэм дыкъэкӀуэжащ.']);
  });

  it('voices again a stored part of another WAV format (the service changed its rate), and replaces it', async () => {
    const store = new InMemorySpeechStore();
    const memory = new SpeechMemory(store);
    const old = encodeWav(new Int16Array(8_000), 8_000);
    await store.put(speechKey('Сэ кӀуэ.', {}), { audio: old, durationSeconds: 1 });
    const before = await speechCalls();
    const voiced = await memory.speak(service.client(), { text: 'Сэ кӀуэ. Уэ укӀуэ.' });
    expect(await spokenSince(before)).toEqual(['Уэ укӀуэ.', 'Сэ кӀуэ.']);
    expect(readWavInfo(voiced.audio).sampleRate).toBe(16_000);
    expect(readWavInfo((await store.get(speechKey('Сэ кӀуэ.', {})))!.audio).sampleRate).toBe(16_000);
  });

  it('with groupCharacters, joins the sentences of a line into one request and shares its span by characters', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore(), { groupCharacters: 1500 });
    const before = await speechCalls();
    const voiced = await memory.speak(service.client(), { text: STORY });
    expect(await spokenSince(before)).toEqual([
      'Уи пщэддджыжь фӀыуэ. Сэ уэ узолъагъу!',
      'Мэзым дыкӀуащ. Псыхъуэм дыщыӀащ, псы щӀыӀэ дефащ.',
      'Пщыхьэщхьэм унэм дыкъэкӀуэжащ.',
    ]);
    const [first, second] = voiced.timings.sentences;
    const part = voiced.timings.parts[0]!;
    expect(first!.start).toBe(part.start);
    expect(second!.end).toBe(part.end);
    const share = 'Уи пщэддджыжь фӀыуэ.'.length / ('Уи пщэддджыжь фӀыуэ.'.length + 'Сэ уэ узолъагъу!'.length);
    expect(first!.end).toBeCloseTo(part.end * share, 3);
    // An edit inside a part re-voices the whole part: the trade-off for fewer requests.
    const again = await speechCalls();
    await memory.speak(service.client(), { text: STORY.replace('Сэ уэ', 'Сэри уэ') });
    expect(await spokenSince(again)).toEqual(['Уи пщэддджыжь фӀыуэ. Сэри уэ узолъагъу!']);
  });

  it('plans without a request: the parts, their keys, which are stored and what is left to voice', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    await memory.speak(service.client(), { text: 'Сэ кӀуэ.' });
    const before = await speechCalls();
    const plan = await memory.plan({ text: 'Сэ кӀуэ. Уэ укӀуэ. Уэ укӀуэ.' });
    expect(await speechCalls()).toBe(before);
    expect(plan.parts.map((part) => [part.text, part.stored])).toEqual([
      ['Сэ кӀуэ.', true],
      ['Уэ укӀуэ.', false],
      ['Уэ укӀуэ.', false],
    ]);
    expect(plan.parts[0]?.key).toBe(speechKey('Сэ кӀуэ.', {}));
    expect(plan.toVoice).toEqual({ parts: 1, characters: 9 });
  });

  it('refuses a text with nothing to say, and a bad groupCharacters, before any request', async () => {
    const memory = new SpeechMemory(new InMemorySpeechStore());
    const before = await speechCalls();
    await expect(memory.speak(service.client(), { text: ' *** \n — ' })).rejects.toMatchObject({ type: 'invalid_request', field: 'text' });
    expect(await speechCalls()).toBe(before);
    expect(() => new SpeechMemory(new InMemorySpeechStore(), { groupCharacters: 20_001 })).toThrow(/groupCharacters/);
  });
});
