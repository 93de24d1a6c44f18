package com.burstline.contract;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON to and from plain maps, lists, strings, numbers and booleans, on Jackson's streaming core only: the agent's
 * messages are small, and leaving data binding out keeps the agent jar and its idle memory small. The agent's messages
 * and the native engine's iperf3 protocol and reports share it. Numbers are written as iperf3's cJSON writes them —
 * whole values as integers, NaN and infinities as {@code null} — which iperf3 peers expect and any JSON reader takes.
 */
public final class Json {
    private static final JsonFactory FACTORY = new JsonFactory();

    private Json() {
    }

    /** Parses a JSON object; throws {@link IllegalArgumentException} with the reason when it is not one. */
    public static Map<String, Object> parseObject(byte[] json) {
        return parseObject(json, "the body");
    }

    /** As {@link #parseObject(byte[])}, the reason naming {@code what} was parsed (e.g. "the parameters message"). */
    public static Map<String, Object> parseObject(byte[] json, String what) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException(what + " is not a JSON object");
            }
            Map<String, Object> object = readObject(parser);
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException(what + " has content after the JSON object");
            }
            return object;
        } catch (JacksonException e) {
            throw new IllegalArgumentException(what + " is not valid JSON: " + e.getOriginalMessage(), e);
        }
    }

    public static Map<String, Object> parseObject(String json) {
        return parseObject(json.getBytes(StandardCharsets.UTF_8));
    }

    public static String write(Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator generator = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            writeValue(generator, value);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Map<String, Object> readObject(JsonParser parser) {
        Map<String, Object> object = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            object.put(name, readValue(parser));
        }
        return object;
    }

    private static Object readValue(JsonParser parser) {
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> readObject(parser);
            case START_ARRAY -> readArray(parser);
            case VALUE_STRING -> parser.getString();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getNumberValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new IllegalArgumentException("unexpected JSON token " + token);
        };
    }

    private static List<Object> readArray(JsonParser parser) {
        List<Object> array = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            array.add(readValue(parser));
        }
        return array;
    }

    private static void writeValue(JsonGenerator generator, Object value) {
        if (value == null) {
            generator.writeNull();
        } else if (value instanceof Map<?, ?> map) {
            generator.writeStartObject();
            map.forEach((key, item) -> {
                generator.writeName(String.valueOf(key));
                writeValue(generator, item);
            });
            generator.writeEndObject();
        } else if (value instanceof Iterable<?> items) {
            generator.writeStartArray();
            items.forEach(item -> writeValue(generator, item));
            generator.writeEndArray();
        } else if (value instanceof Boolean bool) {
            generator.writeBoolean(bool);
        } else if (value instanceof Double || value instanceof Float) {
            writeDouble(generator, ((Number) value).doubleValue());
        } else if (value instanceof Number number) {
            generator.writeNumber(number.longValue());
        } else {
            generator.writeString(String.valueOf(value));
        }
    }

    private static void writeDouble(JsonGenerator generator, double value) {
        if (!Double.isFinite(value)) {
            generator.writeNull();
        } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            generator.writeNumber((long) value);
        } else {
            generator.writeNumber(value);
        }
    }
}
