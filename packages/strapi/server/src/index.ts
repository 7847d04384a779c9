// The server half of the Circassian plugin for Strapi 5.
import bootstrap from './bootstrap';
import config from './config';
import contentTypes from './content-types';
import controllers from './controllers';
import destroy from './destroy';
import register from './register';
import routes from './routes';
import services from './services';

export default { register, bootstrap, destroy, config, contentTypes, controllers, routes, services };
