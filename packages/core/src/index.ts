export * from './service-facts.js';
export * from './palochka.js';
