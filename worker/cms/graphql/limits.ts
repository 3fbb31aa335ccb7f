import { type ASTVisitor, GraphQLError, Kind, type ValidationContext } from "graphql";

/**
 * Bounds on what one query may ask: nesting depth and a cost (fields selected,
 * multiplied through list page sizes). Checked during validation, before any
 * resolver runs.
 */
export const MAX_DEPTH = 12;
export const MAX_COST = 20_000;

export function depthAndCostLimit(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const fragments = new Map(
        context
          .getDocument()
          .definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
      );
      const measure = (
        selections: readonly import("graphql").SelectionNode[],
        depth: number,
        multiplier: number,
        seen: Set<string>,
      ): number => {
        if (depth > MAX_DEPTH) {
          throw new GraphQLError(`Query is too deep: at most ${MAX_DEPTH} levels are allowed`, {
            extensions: { code: "BAD_USER_INPUT" },
          });
        }
        let cost = 0;
        for (const selection of selections) {
          if (selection.kind === Kind.FIELD) {
            // Introspection (`__schema`, `__type`) walks the fixed schema, not data: skipped, as
            // Strapi's depth limit (graphql-depth-limit) skips it, so clients can introspect both.
            if (selection.name.value.startsWith("__")) continue;
            cost += multiplier;
            if (selection.selectionSet) {
              const pagination = selection.arguments?.find((a) => a.name.value === "pagination");
              let size = 1;
              if (pagination?.value.kind === Kind.OBJECT) {
                for (const f of pagination.value.fields) {
                  if ((f.name.value === "pageSize" || f.name.value === "limit") && f.value.kind === Kind.INT)
                    size = Math.max(1, Number(f.value.value));
                }
              } else if (pagination || ["data"].includes(selection.name.value)) {
                size = 1;
              }
              const listLike = selection.arguments?.some((a) => a.name.value === "pagination") ? Math.max(size, 10) : 1;
              cost += measure(selection.selectionSet.selections, depth + 1, multiplier * listLike, seen);
            }
          } else if (selection.kind === Kind.INLINE_FRAGMENT) {
            cost += measure(selection.selectionSet.selections, depth, multiplier, seen);
          } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
            const name = selection.name.value;
            const fragment = fragments.get(name);
            if (!fragment || seen.has(name)) continue;
            cost += measure(fragment.selectionSet.selections, depth, multiplier, new Set([...seen, name]));
          }
        }
        return cost;
      };
      try {
        const cost = measure(node.selectionSet.selections, 1, 1, new Set());
        if (cost > MAX_COST) {
          context.reportError(
            new GraphQLError(`Query is too expensive (cost ${cost}, at most ${MAX_COST})`, {
              extensions: { code: "BAD_USER_INPUT" },
            }),
          );
        }
      } catch (error) {
        if (error instanceof GraphQLError) context.reportError(error);
        else throw error;
      }
    },
  };
}
