import admin from './admin';
import audio from './audio';
import overview from './overview';

export default { admin, audio, overview };
