package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.server.system.ColumnNames;

import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A new run's row, column by column, for {@link RunWriter}'s INSERT: the run's own columns, then every field of its
 * embedded parts (scenario, figures, limits) under the column {@link ColumnNames} gives it, as JPA maps it. A part's
 * new field is written without a change here.
 */
final class RunColumns {
    private final Map<String, Object> values = new LinkedHashMap<>();

    RunColumns put(String column, Object value) {
        values.put(column, value);
        return this;
    }

    /** Every field of a part (a record) under its column; the contract's enums as the database holds them. */
    RunColumns part(Record part) {
        for (RecordComponent component : part.getClass().getRecordComponents()) {
            Object value = read(component, part);
            put(ColumnNames.of(component.getName()), value instanceof Direction direction ? direction.apiName()
                    : value instanceof Enum<?> constant ? constant.name() : value);
        }
        return this;
    }

    List<String> names() {
        return new ArrayList<>(values.keySet());
    }

    Object[] values() {
        return values.values().toArray();
    }

    /** Timestamps as UTC offsets, which JDBC takes for {@code TIMESTAMP WITH TIME ZONE}. */
    static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    private static Object read(RecordComponent component, Record part) {
        try {
            return component.getAccessor().invoke(part);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + part, e);
        }
    }
}
