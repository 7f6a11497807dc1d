// The package ships types that its `exports` map hides from TypeScript's bundler resolution.
declare module 'dom-accessibility-api' {
  export function computeAccessibleName(root: Element): string;
}
