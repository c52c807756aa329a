// What `fastify-plugin` does, without the dependency: marks a plugin so its decorators, hooks and
// handlers apply to the whole app instead of an encapsulated child context.
import type { FastifyPluginAsync, FastifyPluginOptions } from "fastify";

export function globalPlugin<Options extends FastifyPluginOptions>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, {
    [Symbol.for("skip-override")]: true,
    [Symbol.for("fastify.display-name")]: name,
  });
}
