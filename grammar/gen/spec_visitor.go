// Code generated from Spec.g4 by ANTLR 4.13.1. DO NOT EDIT.

package gen // Spec
import "github.com/antlr4-go/antlr/v4"

// A complete Visitor for a parse tree produced by SpecParser.
type SpecVisitor interface {
	antlr.ParseTreeVisitor

	// Visit a parse tree produced by SpecParser#file.
	VisitFile(ctx *FileContext) interface{}

	// Visit a parse tree produced by SpecParser#property.
	VisitProperty(ctx *PropertyContext) interface{}

	// Visit a parse tree produced by SpecParser#paramList.
	VisitParamList(ctx *ParamListContext) interface{}

	// Visit a parse tree produced by SpecParser#param.
	VisitParam(ctx *ParamContext) interface{}

	// Visit a parse tree produced by SpecParser#typeName.
	VisitTypeName(ctx *TypeNameContext) interface{}

	// Visit a parse tree produced by SpecParser#eventDecl.
	VisitEventDecl(ctx *EventDeclContext) interface{}

	// Visit a parse tree produced by SpecParser#beforeAdvice.
	VisitBeforeAdvice(ctx *BeforeAdviceContext) interface{}

	// Visit a parse tree produced by SpecParser#afterAdvice.
	VisitAfterAdvice(ctx *AfterAdviceContext) interface{}

	// Visit a parse tree produced by SpecParser#patternDecl.
	VisitPatternDecl(ctx *PatternDeclContext) interface{}

	// Visit a parse tree produced by SpecParser#pcOr.
	VisitPcOr(ctx *PcOrContext) interface{}

	// Visit a parse tree produced by SpecParser#pcNot.
	VisitPcNot(ctx *PcNotContext) interface{}

	// Visit a parse tree produced by SpecParser#pcDesignator.
	VisitPcDesignator(ctx *PcDesignatorContext) interface{}

	// Visit a parse tree produced by SpecParser#pcParen.
	VisitPcParen(ctx *PcParenContext) interface{}

	// Visit a parse tree produced by SpecParser#pcAnd.
	VisitPcAnd(ctx *PcAndContext) interface{}

	// Visit a parse tree produced by SpecParser#dCall.
	VisitDCall(ctx *DCallContext) interface{}

	// Visit a parse tree produced by SpecParser#dExecution.
	VisitDExecution(ctx *DExecutionContext) interface{}

	// Visit a parse tree produced by SpecParser#dGet.
	VisitDGet(ctx *DGetContext) interface{}

	// Visit a parse tree produced by SpecParser#dSet.
	VisitDSet(ctx *DSetContext) interface{}

	// Visit a parse tree produced by SpecParser#dTarget.
	VisitDTarget(ctx *DTargetContext) interface{}

	// Visit a parse tree produced by SpecParser#dArgs.
	VisitDArgs(ctx *DArgsContext) interface{}

	// Visit a parse tree produced by SpecParser#dLocation.
	VisitDLocation(ctx *DLocationContext) interface{}

	// Visit a parse tree produced by SpecParser#dLock.
	VisitDLock(ctx *DLockContext) interface{}

	// Visit a parse tree produced by SpecParser#dUnlock.
	VisitDUnlock(ctx *DUnlockContext) interface{}

	// Visit a parse tree produced by SpecParser#dVolatile.
	VisitDVolatile(ctx *DVolatileContext) interface{}

	// Visit a parse tree produced by SpecParser#dWithin.
	VisitDWithin(ctx *DWithinContext) interface{}

	// Visit a parse tree produced by SpecParser#dHolds.
	VisitDHolds(ctx *DHoldsContext) interface{}

	// Visit a parse tree produced by SpecParser#dIf.
	VisitDIf(ctx *DIfContext) interface{}

	// Visit a parse tree produced by SpecParser#dUnknown.
	VisitDUnknown(ctx *DUnknownContext) interface{}

	// Visit a parse tree produced by SpecParser#unknownName.
	VisitUnknownName(ctx *UnknownNameContext) interface{}

	// Visit a parse tree produced by SpecParser#balanced.
	VisitBalanced(ctx *BalancedContext) interface{}

	// Visit a parse tree produced by SpecParser#argName.
	VisitArgName(ctx *ArgNameContext) interface{}

	// Visit a parse tree produced by SpecParser#argAny.
	VisitArgAny(ctx *ArgAnyContext) interface{}

	// Visit a parse tree produced by SpecParser#argEllipsis.
	VisitArgEllipsis(ctx *ArgEllipsisContext) interface{}

	// Visit a parse tree produced by SpecParser#sigPattern.
	VisitSigPattern(ctx *SigPatternContext) interface{}

	// Visit a parse tree produced by SpecParser#paramEllipsis.
	VisitParamEllipsis(ctx *ParamEllipsisContext) interface{}

	// Visit a parse tree produced by SpecParser#paramType.
	VisitParamType(ctx *ParamTypeContext) interface{}

	// Visit a parse tree produced by SpecParser#fieldPattern.
	VisitFieldPattern(ctx *FieldPatternContext) interface{}

	// Visit a parse tree produced by SpecParser#typePattern.
	VisitTypePattern(ctx *TypePatternContext) interface{}

	// Visit a parse tree produced by SpecParser#namePattern.
	VisitNamePattern(ctx *NamePatternContext) interface{}

	// Visit a parse tree produced by SpecParser#exAnd.
	VisitExAnd(ctx *ExAndContext) interface{}

	// Visit a parse tree produced by SpecParser#exNot.
	VisitExNot(ctx *ExNotContext) interface{}

	// Visit a parse tree produced by SpecParser#exParen.
	VisitExParen(ctx *ExParenContext) interface{}

	// Visit a parse tree produced by SpecParser#exName.
	VisitExName(ctx *ExNameContext) interface{}

	// Visit a parse tree produced by SpecParser#exLiteral.
	VisitExLiteral(ctx *ExLiteralContext) interface{}

	// Visit a parse tree produced by SpecParser#exOr.
	VisitExOr(ctx *ExOrContext) interface{}

	// Visit a parse tree produced by SpecParser#exMethod.
	VisitExMethod(ctx *ExMethodContext) interface{}

	// Visit a parse tree produced by SpecParser#exCompare.
	VisitExCompare(ctx *ExCompareContext) interface{}

	// Visit a parse tree produced by SpecParser#literal.
	VisitLiteral(ctx *LiteralContext) interface{}

	// Visit a parse tree produced by SpecParser#regex.
	VisitRegex(ctx *RegexContext) interface{}

	// Visit a parse tree produced by SpecParser#rxAnd.
	VisitRxAnd(ctx *RxAndContext) interface{}

	// Visit a parse tree produced by SpecParser#rxSeq.
	VisitRxSeq(ctx *RxSeqContext) interface{}

	// Visit a parse tree produced by SpecParser#rxPar.
	VisitRxPar(ctx *RxParContext) interface{}

	// Visit a parse tree produced by SpecParser#rxNot.
	VisitRxNot(ctx *RxNotContext) interface{}

	// Visit a parse tree produced by SpecParser#rxQuantified.
	VisitRxQuantified(ctx *RxQuantifiedContext) interface{}

	// Visit a parse tree produced by SpecParser#rxEvent.
	VisitRxEvent(ctx *RxEventContext) interface{}

	// Visit a parse tree produced by SpecParser#rxStarred.
	VisitRxStarred(ctx *RxStarredContext) interface{}

	// Visit a parse tree produced by SpecParser#rxGroup.
	VisitRxGroup(ctx *RxGroupContext) interface{}

	// Visit a parse tree produced by SpecParser#quantifier.
	VisitQuantifier(ctx *QuantifierContext) interface{}

	// Visit a parse tree produced by SpecParser#rxAttrs.
	VisitRxAttrs(ctx *RxAttrsContext) interface{}

	// Visit a parse tree produced by SpecParser#rxMark.
	VisitRxMark(ctx *RxMarkContext) interface{}

	// Visit a parse tree produced by SpecParser#ident.
	VisitIdent(ctx *IdentContext) interface{}
}
