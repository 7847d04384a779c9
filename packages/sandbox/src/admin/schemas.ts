import { ERROR_TYPES, OPERATION_NAMES, serviceFacts } from '@circassian/core';
import type { FieldSpec, Schema } from '../validation/schema.js';
import { JOB_FAILED, MARKER_FAULTS } from './fault-board.js';

const count: FieldSpec = { rule: { kind: 'integer', minimum: 0 } };

const LIMITS: Schema = Object.fromEntries(serviceFacts.keyLimitNames.map((name) => [name, count]));

export const CREATE_KEY: Schema = {
  name: { rule: { kind: 'string', minLength: 1, maxLength: 200 }, required: true },
  limits: { rule: { kind: 'object', fields: LIMITS, closed: true } },
  content_logging: { rule: { kind: 'boolean' } },
};

export const UPDATE_KEY: Schema = {
  name: { rule: { kind: 'string', minLength: 1, maxLength: 200 } },
  limits: { rule: { kind: 'object', fields: LIMITS, closed: true } },
  content_logging: { rule: { kind: 'boolean' } },
};

export const ADD_FAULT: Schema = {
  operation: { rule: { kind: 'string', oneOf: [...OPERATION_NAMES, '*'] }, required: true },
  error_type: { rule: { kind: 'string', oneOf: [...ERROR_TYPES, JOB_FAILED] } },
  count: { rule: { kind: 'integer', minimum: 1 } },
  // setTimeout's ceiling (about 24.8 days): a longer delay would fire at once.
  delay_ms: { rule: { kind: 'integer', minimum: 0, maximum: 2 ** 31 - 1 } },
  retry_after_seconds: count,
  status: { rule: { kind: 'integer', minimum: 100 } },
  markers: { rule: { kind: 'string', oneOf: [...MARKER_FAULTS] } },
};

export const ADVANCE_CLOCK: Schema = {
  advance_seconds: { rule: { kind: 'number' }, required: true },
};
