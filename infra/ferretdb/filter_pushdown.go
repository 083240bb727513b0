// Bazar's addition to FerretDB's SQLite backend, copied into internal/backends/sqlite by
// infra/bin/install.mjs (see FILTER_PUSHDOWN there for why).

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// filterWhereClause returns a WHERE clause that holds for every document the filter matches, and
// may hold for some it does not: the handler still checks the whole filter on each document the
// backend hands it. Conditions it cannot state safely are left out; with none left it returns "".
func filterWhereClause(filter *types.Document) (string, []any) {
	condition, args := allOf(filter)
	if condition == "" {
		return "", nil
	}

	return " WHERE " + condition, args
}

// allOf states the conditions of a filter document that it can, joined by AND.
func allOf(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}

	var parts []string
	var args []any

	for _, key := range filter.Keys() {
		part, partArgs := conditionOf(key, must.NotFail(filter.Get(key)))
		if part != "" {
			parts = append(parts, part)
			args = append(args, partArgs...)
		}
	}

	return strings.Join(parts, " AND "), args
}

// branchesOf states the branches of an $and (joined by AND, a branch it cannot state left out) or
// of an $or (joined by OR, and only when it can state every branch: one left out would lose the
// documents that only it matches).
func branchesOf(value any, join string) (string, []any) {
	branches, ok := value.(*types.Array)
	if !ok {
		return "", nil
	}

	every := join == " OR "

	var parts []string
	var args []any

	for i := range branches.Len() {
		var part string
		var partArgs []any

		if branch, ok := must.NotFail(branches.Get(i)).(*types.Document); ok {
			part, partArgs = allOf(branch)
		}

		if part == "" {
			if every {
				return "", nil
			}

			continue
		}

		parts = append(parts, "("+part+")")
		args = append(args, partArgs...)
	}

	if len(parts) == 0 {
		return "", nil
	}

	return "(" + strings.Join(parts, join) + ")", args
}

func conditionOf(key string, value any) (string, []any) {
	switch key {
	case "$and":
		return branchesOf(value, " AND ")
	case "$or":
		return branchesOf(value, " OR ")
	}

	if strings.HasPrefix(key, "$") {
		return "", nil
	}

	field, _, dotted := strings.Cut(key, ".")
	if !plainName(field) {
		return "", nil
	}

	operators, isDocument := value.(*types.Document)
	if dotted {
		// only `a.b: { $exists: true }`: a then has to be a document or a non-empty array
		if isDocument && operators.Len() == 1 && operators.Has("$exists") {
			if exists, _ := must.NotFail(operators.Get("$exists")).(bool); exists {
				return holdsSomething(field), nil
			}
		}

		return "", nil
	}

	if !isDocument {
		return equals(field, value)
	}

	var parts []string
	var args []any

	for _, operator := range operators.Keys() {
		if !strings.HasPrefix(operator, "$") {
			return "", nil // equality with a whole document
		}

		operand := must.NotFail(operators.Get(operator))

		var part string
		var partArgs []any

		switch operator {
		case "$eq":
			part, partArgs = equals(field, operand)
		case "$in":
			if values, ok := operand.(*types.Array); ok {
				part, partArgs = isOneOf(field, values)
			}
		case "$exists":
			if exists, ok := operand.(bool); ok && exists {
				part = column(field) + " IS NOT NULL"
			} else if ok {
				part = column(field) + " IS NULL"
			}
		}

		if part != "" {
			parts = append(parts, part)
			args = append(args, partArgs...)
		}
	}

	return strings.Join(parts, " AND "), args
}

// column is the field's JSON text, written as the backend writes it in its indexes (metadata's
// IndexesCreate), so that SQLite uses an index on the field where there is one.
func column(field string) string {
	return fmt.Sprintf("%s->%q", metadata.DefaultColumn, field)
}

// orArray adds "or the field holds an array", whose elements an equality also matches; `_id`
// never holds one.
func orArray(field, condition string) string {
	if field == "_id" {
		return condition
	}

	return fmt.Sprintf(`(%s OR (%[2]s >= '[' AND %[2]s < '\'))`, condition, column(field))
}

// holdsSomething: the field is a document or a non-empty array ('[]' is the only empty one).
func holdsSomething(field string) string {
	return fmt.Sprintf(`(%[1]s >= '[' AND %[1]s < '[]' OR %[1]s > '[]' AND %[1]s < '\' OR %[1]s >= '{' AND %[1]s < '|')`, column(field))
}

func equals(field string, value any) (string, []any) {
	text, ok := jsonText(field, value)
	if !ok {
		return "", nil
	}

	return orArray(field, column(field)+" = ?"), []any{text}
}

func isOneOf(field string, values *types.Array) (string, []any) {
	if values.Len() == 0 {
		return "", nil
	}

	args := make([]any, values.Len())
	for i := range values.Len() {
		text, ok := jsonText(field, must.NotFail(values.Get(i)))
		if !ok {
			return "", nil
		}

		args[i] = text
	}

	placeholders := strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")

	return orArray(field, fmt.Sprintf("%s IN (%s)", column(field), placeholders)), args
}

// jsonText is a value's JSON text as stored, for the values whose text is the same whoever wrote
// it: booleans, object ids and strings of printable ASCII that JSON writers leave unescaped (any
// string for `_id`, as FerretDB's own lookup by `_id` has it). Numbers (1 and 1.0 are equal but
// written differently) and other strings are not pushed down.
func jsonText(field string, value any) (string, bool) {
	switch v := value.(type) {
	case bool, types.ObjectID:
		return string(must.NotFail(sjson.MarshalSingleValue(v))), true
	case string:
		for _, r := range v {
			if field != "_id" && (r < 0x20 || r > 0x7e || strings.ContainsRune(`"\<>&`, r)) {
				return "", false
			}
		}

		return string(must.NotFail(sjson.MarshalSingleValue(v))), true
	}

	return "", false
}

// plainName: a field name the JSON path of column() reaches as written.
func plainName(name string) bool {
	if name == "" {
		return false
	}

	for _, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}

	return true
}
