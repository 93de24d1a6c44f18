package com.burstline.server.system;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.stereotype.Component;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * Request bodies' numbers are typed: {@code "durationSeconds": 1.5} would otherwise become 1 and {@code "10"} become
 * 10, a request quietly different from the one sent. Either is a 400 naming the field (RequestBodyProblems). Only
 * the HTTP layer's mapper is changed; iperf3's output is read by mappers of its own.
 */
@Component
class StrictNumbers implements JsonMapperBuilderCustomizer {

    @Override
    public void customize(JsonMapper.Builder builder) {
        builder.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .withCoercionConfig(LogicalType.Integer, numbers -> numbers
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail))
                .withCoercionConfig(LogicalType.Float, numbers -> numbers
                        .setCoercion(CoercionInputShape.String, CoercionAction.Fail));
    }
}
