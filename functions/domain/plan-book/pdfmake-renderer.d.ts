/** pdfmake's renderer (CommonJS, no types of its own): tagging.ts wraps two of its methods. */
declare module 'pdfmake/js/Renderer.js' {
  const renderer: unknown;
  export default renderer;
}
