// esbuild's text loader turns an imported .css file into its text (the default export).
declare module '*.css' {
  const text: string;
  // eslint-disable-next-line no-restricted-syntax -- the shape esbuild's text loader gives a module
  export default text;
}
