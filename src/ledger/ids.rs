//! The typed ids (`crate::ids`) as SQLite stores them: their bare numbers.

use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::ids::{HandId, ShiftId, StaffId, TableId};

macro_rules! stored_as_integer {
    ($($name:ident),*) => {$(
        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                self.0.to_sql()
            }
        }

        impl FromSql for $name {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                FromSql::column_result(value).map($name)
            }
        }
    )*};
}

stored_as_integer!(HandId, ShiftId, StaffId, TableId);
