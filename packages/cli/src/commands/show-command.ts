/** Commands that take no input and show one response of the service (`me`, `voices`, `languages`). */
import type { CircassianClient, RequestOptions } from '@circassian/core';
import type { Command } from '../command.js';
import { renderValue } from '../output.js';

export interface ShowCommandSpec<T> {
  readonly name: string;
  readonly summary: string;
  fetch(client: CircassianClient, options: RequestOptions): Promise<T>;
  /** The human lines; a generic rendering of the response by default. */
  render?(response: T): readonly string[];
}

export function showCommand<T>(spec: ShowCommandSpec<T>): Command {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: '',
    options: {},
    examples: [`circassian ${spec.name}`, `circassian ${spec.name} --json`],
    usesService: true,
    async run({ out, signal, client }) {
      const response = await spec.fetch(await client(), { signal });
      out.result(response, () => (spec.render ? spec.render(response) : renderValue(response)));
    },
  };
}
