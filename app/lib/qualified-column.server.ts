/**
 * A column named with its table in raw SQL, whatever the query. Drizzle
 * leaves the table out of a column in a query on one table, so in a
 * correlated subquery written with `sql` (`select … from users where
 * ${users.id} = ${leads.userId}`) a bare "id" or "user_id" would name the
 * subquery's own table's column, or the outer one's only by luck.
 */
import { getTableName, sql, type Column, type SQL, type Table } from "drizzle-orm";

export function qualified(table: Table, column: Column): SQL {
  return sql.raw(`"${getTableName(table)}"."${column.name}"`);
}
