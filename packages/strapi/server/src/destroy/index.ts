import type { Strapi } from '../strapi';
import { getService } from '../utils/get-service';

export default async ({ strapi }: { strapi: Strapi }) => {
  await getService(strapi, 'worker').stop();
  await getService(strapi, 'client').close();
};
