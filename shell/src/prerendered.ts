/** The element the renderer (renderer/) writes the api's answers into, beside the page's markup. */
export const PRERENDERED_ANSWERS = 'bazar-prerendered-answers';
