import admin from './admin';
import overview from './overview';

export default { admin, overview };
