package com.burstline.engine;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads an iperf3 {@code -J} report for the interop checks. iperf3 3.7–3.10 print a {@code --bidir} test's sums
 * twice in one object, the client-to-server direction first (esnet/iperf#952); a plain tree keeps only the second.
 * Here the second is kept under the name 3.11 gave it, {@code <key>_bidir_reverse}, so every version reads alike.
 */
public final class Iperf3Reports {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Iperf3Reports() {
    }

    public static JsonNode read(byte[] json) {
        try (JsonParser parser = MAPPER.createParser(json)) {
            JsonToken first = parser.nextToken();
            return first == null ? NODES.missingNode() : value(parser, first);
        }
    }

    private static JsonNode value(JsonParser parser, JsonToken token) {
        return switch (token) {
            case START_OBJECT -> object(parser);
            case START_ARRAY -> array(parser);
            case VALUE_STRING -> NODES.stringNode(parser.getString());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) { // 3.12 prints -1 as 2^64 - 1
                case INT, LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE, VALUE_FALSE -> NODES.booleanNode(token == JsonToken.VALUE_TRUE);
            default -> NODES.nullNode();
        };
    }

    private static ObjectNode object(JsonParser parser) {
        ObjectNode object = NODES.objectNode();
        while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
            String key = parser.currentName();
            JsonNode value = value(parser, parser.nextToken());
            object.set(object.has(key) ? key + "_bidir_reverse" : key, value);
        }
        return object;
    }

    private static ArrayNode array(JsonParser parser) {
        ArrayNode array = NODES.arrayNode();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            array.add(value(parser, token));
        }
        return array;
    }
}
