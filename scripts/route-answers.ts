// "No route file builds a response without a presenter" (decision 051): in api/routes/**, what is assigned to
// ctx.body is a presenter's value (a call, a variable holding one, bytes), never an object or array literal put
// together in the handler. The wire contract then lives in shared/contracts/ and the core, once.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface InlineAnswer {
  file: string;
  line: number;
}

/** The lines of `code` that assign an object or array literal to ctx.body. */
export function inlineAnswers(file: string, code: string): InlineAnswer[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true);
  const found: InlineAnswer[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      node.left.getText(source) === 'ctx.body' &&
      isLiteral(node.right)
    ) {
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isLiteral(node: ts.Expression): boolean {
  let inner = node;
  while (ts.isSatisfiesExpression(inner) || ts.isAsExpression(inner) || ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return ts.isObjectLiteralExpression(inner) || ts.isArrayLiteralExpression(inner);
}

/** Every inline answer in the route files of the repository at `root`. */
export function inlineAnswersIn(root: string): InlineAnswer[] {
  const routesDir = path.join(root, 'api/routes');
  return fs
    .readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !/(^|\/)testing(\/|\.ts$)/.test(f))
    .flatMap((f) => inlineAnswers(`api/routes/${f}`, fs.readFileSync(path.join(routesDir, f), 'utf8')));
}
