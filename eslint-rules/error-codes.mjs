// House style rule 17, "an error is a code first" (docs/api-errors.md), held by the lint:
// - the portal never decides on an error's words: no comparison, search or regular expression
//   whose subject is a `message` (an error's, the API's, errorMessage()'s);
// - the backend answers no refusal without a code: Nest's own exceptions carry none, so outside
//   src/http (where the one error shape is made) a refusal is a DomainError or an ApiRefusal.

/** An expression that holds an error's words: `x.message`, a variable named `message` or `…Message`, `errorMessage(x)`. */
const MESSAGE = ['property.name="message"', 'name=/^(message|[A-Za-z]+Message)$/', 'callee.name="errorMessage"'];
const on = (path) => MESSAGE.map((m) => `[${path}.${m}]`).join(', ');
// (esquery compares a missing attribute as the text "undefined": hence the type beside the name.)
const NOT_ABSENT = ['left', 'right'].map((side) => `:not([${side}.raw="null"]):not([${side}.type="Identifier"][${side}.name="undefined"])`).join('');
const DECIDES = 'decides on its words: decide on the code (errorCode(error) === ...) and show the message (docs/api-errors.md).';

const noMessageDecisions = [
  {
    selector: `BinaryExpression[operator=/^(==|===|!=|!==)$/]:matches(${on('left')}, ${on('right')})${NOT_ABSENT}`,
    message: `A comparison with an error's message ${DECIDES}`,
  },
  {
    selector: `CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|matchAll|search|indexOf|lastIndexOf|localeCompare)$/]:matches(${on('callee.object')}, ${on('callee.object.callee.object')})`,
    message: `Searching an error's message ${DECIDES}`,
  },
  {
    selector: `CallExpression[callee.property.name=/^(test|exec)$/]:matches(${on('arguments.0')})`,
    message: `A regular expression on an error's message ${DECIDES}`,
  },
  {
    selector: `SwitchStatement:matches(${on('discriminant')})`,
    message: `A switch on an error's message ${DECIDES}`,
  },
];

const NEST_EXCEPTIONS =
  /^(BadRequest|Unauthorized|Forbidden|NotFound|Conflict|Gone|UnprocessableEntity|PayloadTooLarge|UnsupportedMediaType|NotAcceptable|MethodNotAllowed|RequestTimeout|PreconditionFailed|ImATeapot|Misdirected|ServiceUnavailable|InternalServerError|NotImplemented|BadGateway|GatewayTimeout|HttpVersionNotSupported|Http)Exception$/;

const noCodelessRefusals = [
  {
    selector: `NewExpression[callee.name=${NEST_EXCEPTIONS}]`,
    message:
      "A Nest exception answers without a code: throw a DomainError (invalid('code', …), conflict(…), …) or an ApiRefusal(status, 'code', …) (docs/api-errors.md).",
  },
];

/**
 * The portal's rule, as selectors of no-restricted-syntax: eslint.config.mjs lists them beside the
 * design tokens' selectors in the one no-restricted-syntax entry of frontend/src (a second entry
 * for the same files would replace the first, not add to it).
 */
export { noMessageDecisions };

/** The backend's rule, where it applies. */
export const errorCodeRules = [
  {
    files: ['backend/src/**/*.ts'],
    ignores: ['backend/src/http/**', 'backend/src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noCodelessRefusals] },
  },
];
