/**
 * `@circassian/core/mp3` where it runs: in Node (a Strapi server, the CLI) and in Chromium (the
 * WordPress admin encodes episodes in the browser). For a minute of the local service's speech (16
 * kHz WAV): the time to encode beside the audio's own length (the real-time factor), the MP3's size
 * beside the WAV's, and what the browser downloads for the encoder (the entry bundled for the
 * browser, minified, and gzipped). Each run also checks the output: every frame MPEG-1 Layer III,
 * 44.1 kHz, mono, 64 kbit/s, and as long as the WAV; a failure exits non-zero. Starts Chromium: run
 * it through /work/bin/heavy on the shared machine. Run: `pnpm bench mp3`.
 */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { startSandbox } from '@circassian/sandbox';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { build } from 'esbuild';
import { encodeMp3 } from '../src/mp3.js';
import { CircassianClient } from '../src/index.js';
import { readWavInfo } from '../src/wav.js';

const requireHere = createRequire(import.meta.url);

/** Seconds of audio in an MPEG-1 Layer III stream, checking every frame is mono 64 kbit/s at 44.1 kHz (the Xing header frame aside). */
function checkedSeconds(mp3: Uint8Array): number {
  let offset = 0;
  let frames = 0;
  while (offset < mp3.length) {
    const [b1, b2, b3] = [mp3[offset + 1]!, mp3[offset + 2]!, mp3[offset + 3]!];
    if (mp3[offset] !== 0xff || (b1 & 0xfe) !== 0xfa) throw new Error(`byte ${offset}: not an MPEG-1 Layer III frame`);
    const bitrate = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320][b2 >> 4]!;
    if (((b2 >> 2) & 3) !== 0 || b3 >> 6 !== 3) throw new Error(`byte ${offset}: not 44.1 kHz mono`);
    const header = frames === 0 && bitrate !== 64;
    if (!header && bitrate !== 64) throw new Error(`byte ${offset}: ${bitrate} kbit/s`);
    offset += Math.floor((144 * bitrate * 1000) / 44_100) + ((b2 >> 1) & 1);
    if (!header) frames += 1;
  }
  if (offset !== mp3.length) throw new Error('the last frame runs past the end');
  return (frames * 1152) / 44_100;
}

// A minute of the local service's speech: its synthetic voice, 15 characters a second.
const sandbox = await startSandbox({ port: 0, speechJobMs: 1 });
const client = new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
const text = 'Уи пщэддджыжь фӀыуэ, сэ уэ узолъагъу, мэзым дыкӀуащ, псыхъуэм дыщыӀащ. '.repeat(13).trim();
const { audio: wav } = await client.speech({ text, speed: 1 });
await client.close();
await sandbox.close();
const seconds = readWavInfo(wav).durationSeconds;

const started = performance.now();
const inNode = await encodeMp3(wav);
const nodeMs = performance.now() - started;
const nodeSeconds = checkedSeconds(inNode);

// The entry as a web page's build would bundle it, served with a page that encodes the same WAV.
const bundled = await build({
  entryPoints: [requireHere.resolve('@circassian/core/mp3')],
  bundle: true,
  minify: true,
  platform: 'browser',
  format: 'esm',
  write: false,
  logLevel: 'silent',
});
const script = bundled.outputFiles[0]!.contents;
const server = createServer((request, response) => {
  if (request.url === '/mp3.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  else if (request.url === '/speech.wav') response.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
  else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>mp3</title>');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  const result = await page.evaluate(async () => {
    const { encodeMp3: encode } = (await import('/mp3.js' as string)) as typeof import('../src/mp3.js');
    const input = new Uint8Array(await (await fetch('/speech.wav')).arrayBuffer());
    const t0 = performance.now();
    const mp3 = await encode(input);
    return { ms: performance.now() - t0, bytes: Array.from(mp3) };
  });
  const inBrowser = Uint8Array.from(result.bytes);
  const browserSeconds = checkedSeconds(inBrowser);
  for (const [where, got] of [
    ['Node', nodeSeconds],
    ['Chromium', browserSeconds],
  ] as const) {
    if (got < seconds || got - seconds > 0.15) throw new Error(`${where}: ${got.toFixed(3)} s of MP3 for ${seconds.toFixed(3)} s of WAV`);
  }
  console.log(
    `A minute of speech (${seconds.toFixed(1)} s, WAV ${(wav.byteLength / 1024).toFixed(0)} KiB) as mono 64 kbit/s MP3 at 44.1 kHz:`,
  );
  console.log(
    `  Node:     ${nodeMs.toFixed(0)} ms (${(seconds / (nodeMs / 1000)).toFixed(1)}x real time), ${(inNode.byteLength / 1024).toFixed(0)} KiB (${((100 * inNode.byteLength) / wav.byteLength).toFixed(0)}% of the WAV), ${nodeSeconds.toFixed(3)} s of frames`,
  );
  console.log(
    `  Chromium: ${result.ms.toFixed(0)} ms (${(seconds / (result.ms / 1000)).toFixed(1)}x real time), ${(inBrowser.byteLength / 1024).toFixed(0)} KiB, ${browserSeconds.toFixed(3)} s of frames`,
  );
  console.log(
    `  the encoder in the browser: ${(script.byteLength / 1024).toFixed(0)} KiB minified, ${(gzipSync(script).byteLength / 1024).toFixed(0)} KiB gzipped (loaded only where an episode is encoded)`,
  );
} finally {
  await browser.close();
  server.close();
}
