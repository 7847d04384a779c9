/**
 * `@circassian/sandbox`: a local implementation of the Circassian translation and speech service
 * (every endpoint, limit and error of the v1 interface) with owner and test controls under `/admin`.
 */
export { startSandbox, type RunningSandbox } from './start.js';
export { COMMAND_DEFAULT_PORT, SILENT_LOGGER, type SandboxLogger, type SandboxOptions } from './options.js';
export { startOnPreferredPort } from './start-on-preferred-port.js';
export {
  SandboxAdmin,
  SandboxAdminError,
  type CallsQuery,
  type ClockState,
  type CreateKeyRequest,
  type CreatedKey,
  type InjectFaultRequest,
  type KeyListing,
  type UpdateKeyRequest,
} from './admin/client.js';
export type { Fault, FaultOperation, FaultSpec } from './admin/fault-board.js';
export type { KeySummary } from './auth/key-registry.js';
export { DEFAULT_KEY_LIMITS } from './limits/defaults.js';
export type { CallContent, CallRecord, CallVolume, KeyLimits } from './store/types.js';
