import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { resolve: ['@cairn/contract'] },
  noExternal: ['@cairn/contract', '@ts-rest/core'],
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
