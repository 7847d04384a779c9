// This Strapi process among the instances sharing the database: claims carry it
// (`instance:claim`) and its heartbeat row is keyed by it.
import { randomBytes } from 'node:crypto';

export const INSTANCE_ID = randomBytes(4).toString('hex');
