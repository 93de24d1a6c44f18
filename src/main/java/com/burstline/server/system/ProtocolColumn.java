package com.burstline.server.system;

import com.burstline.contract.Protocol;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** A protocol as the database has always held it: its name ({@code TCP}, {@code UDP}). */
@Converter(autoApply = true)
public class ProtocolColumn implements AttributeConverter<Protocol, String> {
    @Override
    public String convertToDatabaseColumn(Protocol protocol) {
        return protocol == null ? null : protocol.name();
    }

    @Override
    public Protocol convertToEntityAttribute(String column) {
        return column == null ? null : Protocol.valueOf(column);
    }
}
