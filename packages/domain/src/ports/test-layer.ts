import { Effect, Layer } from "effect";
import type { Context } from "effect";

/**
 * Builds a test layer for a port from the methods a test supplies. Every other method dies with a clear
 * message naming the port and method, so a test never passes by accident through a silent default.
 */
export const testLayerFor = <I, S extends object>(
  tag: Context.Key<I, S>,
  portName: string,
  methods: ReadonlyArray<keyof S & string>,
  supplied: Partial<S>,
): Layer.Layer<I> => {
  const impl: Record<string, unknown> = {};
  for (const method of methods) {
    impl[method] =
      supplied[method] ??
      (() =>
        Effect.die(new Error(`${portName}.${method} was called, but this test did not supply it`)));
  }
  return Layer.succeed(tag, impl as S);
};
