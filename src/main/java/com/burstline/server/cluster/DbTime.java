package com.burstline.server.cluster;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Instants to and from {@code TIMESTAMP WITH TIME ZONE} by plain JDBC, as UTC offsets: H2 and PostgreSQL read them
 * alike, whatever the JVM's time zone, and they compare with the ones Hibernate writes.
 */
public final class DbTime {
    private DbTime() {
    }

    public static OffsetDateTime of(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    public static Instant read(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
