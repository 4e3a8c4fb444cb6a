// The linter: JavaScript's and TypeScript's recommended rules, React's rules of hooks for the code
// that runs in the browser, and the project's own conventions (architecture.md: Style, rule 10):
// `import type` for types, the `node:` protocol for Node's modules.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const nodeModules = builtinModules.filter((name) => !name.startsWith('_') && !name.startsWith('node:'));

export default tseslint.config(
  {
    // site/public is published as it is, except its modules (`*.ts`), which run at build time.
    ignores: [
      'dist/',
      'out/',
      'coverage/',
      'docs/',
      'node_modules/',
      'site/public/**/*.*',
      '!site/public/**/*.ts',
      'site/content/',
      'site/locales/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          paths: nodeModules.map((name) => ({
            name,
            message: `Import Node's modules with the node: protocol: 'node:${name}'.`,
          })),
        },
      ],
    },
  },
  {
    // With types: promises that nobody awaits or handles are the async bugs a type check misses.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['runtime/**/*.{ts,tsx}', 'site/templates/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['bin/**/*.js', 'bench/**/*.js', 'scripts/**/*.js', 'eslint.config.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        document: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
