import access from './access';
import audio from './audio';
import client from './client';
import instances from './instances';
import queue from './queue';
import settings from './settings';
import translator from './translator';
import worker from './worker';

export default { access, audio, client, instances, queue, settings, translator, worker };
