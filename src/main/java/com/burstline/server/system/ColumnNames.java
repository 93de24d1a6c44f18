package com.burstline.server.system;

import org.hibernate.boot.model.naming.Identifier;
import org.hibernate.engine.jdbc.env.spi.JdbcEnvironment;
import org.hibernate.boot.model.naming.CamelCaseToUnderscoresNamingStrategy;

/**
 * A field's column: its name in snake case, with "bits per second" written {@code bps} as the schema has always
 * written it ({@code targetBitsPerSecond} is {@code target_bps}). The one rule for every entity and embedded part, so
 * that a part's new field needs its column and nothing else; {@code RunWriter} names its columns by it too.
 */
public class ColumnNames extends CamelCaseToUnderscoresNamingStrategy {
    private static final String SPELLED_OUT = "_bits_per_second";

    @Override
    public Identifier toPhysicalColumnName(Identifier name, JdbcEnvironment environment) {
        Identifier column = super.toPhysicalColumnName(name, environment);
        return column == null || !column.getText().endsWith(SPELLED_OUT) ? column
                : Identifier.toIdentifier(abbreviated(column.getText()), column.isQuoted());
    }

    /** The column of a Java field name, e.g. {@code sentBitsPerSecond} to {@code sent_bps}. */
    public static String of(String fieldName) {
        return abbreviated(fieldName.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT));
    }

    private static String abbreviated(String column) {
        return column.endsWith(SPELLED_OUT) ? column.substring(0, column.length() - SPELLED_OUT.length()) + "_bps"
                : column;
    }
}
