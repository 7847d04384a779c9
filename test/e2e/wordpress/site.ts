// The site helpers moved to @circassian/scripts (hosts/wordpress/testing.ts); this re-export keeps the
// test files that import './site.js' working while they are pointed at the package one by one.
export * from '@circassian/scripts/hosts/wordpress/testing.js';
