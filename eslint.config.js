// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'coverage', 'dev-dist', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['member/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // bulletproof-react: code flows shared -> features -> app; features never import each other.
    files: ['member/src/**/*.{ts,tsx}'],
    // The zones below only apply to imports the resolver can find: teach it TypeScript extensions.
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './member/src/features', from: './member/src/app' },
            // Features never import each other (bulletproof-react): app/ composes them.
            ...['auth', 'offers', 'referrals', 'rewards', 'profile'].map((f) => ({
              target: `./member/src/features/${f}`,
              from: './member/src/features',
              except: [`./${f}`],
            })),
            {
              target: ['./member/src/lib', './member/src/components'],
              from: ['./member/src/features', './member/src/app'],
            },
            { target: './shared', from: ['./member', './admin', './server'] },
          ],
        },
      ],
    },
  },
);
