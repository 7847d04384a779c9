/**
 * translateBatch: any number of texts, packed by batch-plan.ts into the fewest requests
 * within the service's per-request limits, sent with bounded concurrency, re-assembled in order.
 */
import { InvalidResponseError } from '../errors.js';
import { planBatch } from '../batch-plan.js';
import { mapWithConcurrency } from '../internal/concurrency.js';
import { checkOption } from '../internal/option-checks.js';
import { operationCall } from '../internal/operations.js';
import type { RequestCore } from '../internal/request.js';
import type { TranslationMemory } from '../memory/types.js';
import type { MemoryBatchOptions } from '../memory/translate-with-memory.js';
import type { RequestOptions } from '../options.js';
import { serviceFacts } from '../service-facts.js';
import type { BatchTranslateRequest, BatchTranslateResponse } from '../types.js';

export interface TranslateBatchOptions extends RequestOptions {
  /** Requests in flight at once; default the client's `batchConcurrency`. */
  concurrency?: number;
  /** Called after each request completes: requests done, requests in the plan. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Answers the texts it knows without a request and keeps the service's answers (as `machine`);
   * only the others are packed into requests. Consulted only when `source_lang` is given.
   */
  memory?: TranslationMemory;
  /**
   * Answers handed on as they come, keyed by the texts as given: first those that needed no
   * request (`'memory'`), then each request's (`'service'`), awaited before the next request is
   * sent; requests then go one at a time, each one's answers stored in `memory` as it comes. For a
   * caller that keeps what it paid for before paying for more (a queue saving answers on its jobs).
   */
  onAnswers?: MemoryBatchOptions['onAnswers'];
  /** Which texts `memory` may answer (default all); the others are sent, their answers stored by the usual rule (a human unit stays). */
  mayRecall?: MemoryBatchOptions['mayRecall'];
  /** Who asks `memory`: their own suggestions answer them first (see MemoryBatchOptions). */
  asker?: MemoryBatchOptions['asker'];
}

export class BatchResource {
  constructor(
    private readonly core: RequestCore,
    private readonly defaultConcurrency: number,
  ) {}

  async translateBatch(request: BatchTranslateRequest, options: TranslateBatchOptions = {}): Promise<BatchTranslateResponse> {
    const { concurrency = this.defaultConcurrency, onProgress, ...requestOptions } = options;
    // A caller's deadlineMs bounds the whole batch, however many requests it takes; without one,
    // each request has the client's own (a paced bulk batch may rightly take many minutes).
    const deadline = requestOptions.deadlineMs === undefined ? undefined : this.core.deadline(requestOptions);
    const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;
    const plan = planBatch(request.texts, { maxTexts: batchMaxTexts, maxChars: batchMaxChars });
    let done = 0;
    const responses = await mapWithConcurrency(
      plan.requests,
      checkOption('concurrency', concurrency, 'positive-count'),
      async (planned) => {
        const body: BatchTranslateRequest = { ...request, texts: [...planned.texts] };
        const response = await this.core.json<BatchTranslateResponse>(operationCall('batch', { body }), requestOptions, { deadline });
        // A short answer would shift every later translation onto the wrong text: refuse it here.
        const count = response.translations.length;
        if (count !== planned.texts.length) {
          throw new InvalidResponseError(`The service answered with ${count} translations for ${planned.texts.length} texts`, {
            operation: 'batch',
            status: 200,
            mayHaveBeenCharged: true,
          });
        }
        onProgress?.(++done, plan.requests.length);
        return response;
      },
    );
    const first = responses[0];
    return {
      translations: plan.assemble(responses.map((r) => r.translations)),
      // With detection, requests may disagree; the first request's answer stands for the batch.
      source_lang: first?.source_lang ?? request.source_lang ?? '',
      target_lang: first?.target_lang ?? request.target_lang,
    };
  }
}
