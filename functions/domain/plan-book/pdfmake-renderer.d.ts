/** pdfmake's renderer (CommonJS, no types of its own): tagging.ts wraps two of its methods. */
declare module 'pdfmake/js/Renderer' {
  const renderer: unknown;
  export default renderer;
}
