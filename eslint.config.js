import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under web/src/features is one feature: it imports the floors below it
// (components, lib, hooks, stores, messages, shared) and its own files, never another feature.
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Entity modules: the only server files that talk to DynamoDB (one module per item type,
// docs/architecture.md "Layers"). Everything else reads and writes through them, and every
// write is built by functions/lib/db/table.ts, so no other file holds an expression string.
const entityModules = [
  'functions/records/**/*.ts',
  'functions/lib/db/**/*.ts',
  'functions/lib/limits/counter.ts',
  // Powertools Idempotency's persistence layer is handed the table's client.
  'functions/http/idempotency.ts',
];

// The server's floors, bottom up (docs/architecture.md "Server floors"): a file imports only
// floors below its own, type imports included; areas on one floor import none of each other.
// Above them: the request stack (functions/http) and the route and job bindings.
export const serverFloors = [
  ['lib'],
  ['records'],
  ['domain/mail', 'domain/sessions', 'domain/expiry'],
  ['domain/access'],
  ['domain/canvas', 'domain/sockets'],
  ['domain/accounts', 'domain/journal', 'domain/live', 'domain/notifications', 'domain/plan-book', 'domain/work-relations'],
  ['domain/invitations', 'domain/organisations', 'domain/two-factor'],
  ['domain/members', 'domain/signin'],
  ['http'],
];
const serverAreas = serverFloors.flat();
const bindingFolders = readdirSync(new URL('./functions', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !serverAreas.includes(entry.name) && entry.name !== 'domain')
  .map((entry) => entry.name);
const serverZones = [
  ...serverFloors.flatMap((floor, level) =>
    floor.map((area) => ({
      target: `./functions/${area}`,
      from: [
        ...serverFloors
          .slice(level)
          .flat()
          .filter((other) => other !== area),
        ...bindingFolders,
      ].map((other) => `./functions/${other}`),
      message: `functions/${area} stands on floor ${level + 1}: it imports only lower floors (docs/architecture.md "Server floors").`,
    })),
  ),
  // A route or job binding imports operations, never another binding.
  ...bindingFolders.map((folder) => ({
    target: `./functions/${folder}`,
    from: bindingFolders.filter((other) => other !== folder).map((other) => `./functions/${other}`),
    message: 'A binding imports the floors below it, never another binding.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'cdk.out',
      'web/dist',
      'web/.prerender',
      'web/.prerender-*',
      'dist',
      'test-results',
      'playwright-report',
      '.data',
      'bench/results.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': 'off',
    },
  },
  {
    // Only the browser code: hooks rules and the bulletproof-react import direction.
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      // Without it the import plugin cannot read TypeScript dependencies and no-cycle sees nothing.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            // features do not import the app; shared code imports neither features nor the app
            { target: './web/src/features', from: './web/src/app' },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/hooks', './web/src/messages', './web/src/stores'],
              from: ['./web/src/features', './web/src/app'],
            },
            // features do not import each other: what two of them share moves down a floor
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'A feature imports no other feature; move what both need to web/src/lib or web/src/components, or compose them in web/src/app.',
            })),
          ],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The server must never import browser code, nor the browser server code.
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'Server and shared code do not import the web app.' }] }] },
  },
  {
    // Server and shared code: no import cycles (value imports; a type-only import is erased).
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/parsers': { '@typescript-eslint/parser': ['.ts'] }, 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['functions/**/*.ts'],
    ignores: ['functions/**/*.test.ts'],
    plugins: { import: importPlugin },
    settings: { 'import/parsers': { '@typescript-eslint/parser': ['.ts'] }, 'import/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: { 'import/no-restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/functions/**', '**/infra/**'], message: 'Browser and shared code do not import server code.' }] },
      ],
    },
  },
  {
    // DynamoDB only in entity modules; expressions only from the write builder.
    files: ['functions/**/*.ts'],
    ignores: [...entityModules, 'functions/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'],
              allowTypeImports: true,
              message: 'DynamoDB is read and written only in entity modules (see entityModules in eslint.config.js).',
            },
            {
              group: ['**/lib/db/client'],
              importNames: ['db'],
              message: 'DynamoDB is read and written only in entity modules (see entityModules in eslint.config.js).',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Property[key.name=/^(UpdateExpression|ConditionExpression|KeyConditionExpression)$/]',
          message: 'Expressions are built by functions/lib/db/table.ts (or read helpers in entity modules).',
        },
        {
          selector: "Property[key.name='expression'][value.type=/^(Literal|TemplateLiteral)$/]",
          message: 'Conditions are built by the named builders of functions/lib/db/table.ts (attributeIs, listLacks, …), or in entity modules.',
        },
        {
          selector: "ImportSpecifier[imported.name='TransactWriteItem'], TSTypeReference[typeName.name='TransactWriteItem']",
          message: 'A write is data (Write, functions/lib/db/table.ts), never a request built by hand outside the entity modules.',
        },
      ],
    },
  },
);
