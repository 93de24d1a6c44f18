package com.burstline.server.system;

import com.burstline.contract.Direction;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** A direction as the database has always held it: its API name ({@code upload}, {@code download}, {@code bidir}). */
@Converter(autoApply = true)
public class DirectionColumn implements AttributeConverter<Direction, String> {
    @Override
    public String convertToDatabaseColumn(Direction direction) {
        return direction == null ? null : direction.apiName();
    }

    @Override
    public Direction convertToEntityAttribute(String column) {
        return column == null ? null : Direction.fromApiName(column);
    }
}
