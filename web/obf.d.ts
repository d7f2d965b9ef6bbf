/** The FFO suites, bundled as text by esbuild (build.mjs). */
declare module '*.obf' {
  const text: string;
  export default text;
}
